import { ScreenSection } from "../../components/shell/screen-section";

export default function SettingsPage() {
  return <ScreenSection title="Account Settings" />;
}
