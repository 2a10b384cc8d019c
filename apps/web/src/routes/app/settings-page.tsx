import Stack from "@mui/material/Stack";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { ScreenSection } from "../../components/shell/screen-section";
import { ApiKeysPanel } from "../../features/account/api-keys-panel";
import { FeedsPanel } from "../../features/account/feeds-panel";
import { PasswordForm } from "../../features/account/password-form";
import { PlanCard } from "../../features/account/plan-card";
import { PreferencesForm } from "../../features/account/preferences-form";
import { ProfileForm } from "../../features/account/profile-form";
import { SettingsCard } from "../../features/account/settings-card";
import { YourDataPanel } from "../../features/account/your-data-panel";

export default function SettingsPage() {
  const { hash } = useLocation();
  // Links such as "See plans" point at a section: bring it into view once the page has rendered.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: "smooth" });
  }, [hash]);
  return (
    <ScreenSection title="Account Settings">
      <Stack spacing={3} sx={{ maxWidth: 1100 }}>
        <SettingsCard id="profile" title="Profile">
          <ProfileForm />
        </SettingsCard>
        <SettingsCard id="plan" title="Plan and billing">
          <PlanCard />
        </SettingsCard>
        <SettingsCard
          id="notifications"
          title="Notification preferences"
          description="How change alerts reach your email."
        >
          <PreferencesForm />
        </SettingsCard>
        <SettingsCard id="password" title="Password">
          <PasswordForm />
        </SettingsCard>
        <SettingsCard
          id="api-keys"
          title="API keys"
          description="Manage monitors from your own programs with the REST API."
        >
          <ApiKeysPanel />
        </SettingsCard>
        <SettingsCard
          id="feeds"
          title="Feeds"
          description="Read your changes in any feed reader (RSS or Atom) through a private address."
        >
          <FeedsPanel />
        </SettingsCard>
        <SettingsCard
          id="your-data"
          title="Your data"
          description="Your monitors, alert channels (without their secrets) and change history, to keep or take elsewhere."
        >
          <YourDataPanel />
        </SettingsCard>
      </Stack>
    </ScreenSection>
  );
}
