import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useLocation, useNavigate } from "react-router";
import { ScreenSection } from "../../components/shell/screen-section";
import { usePlanInForce } from "../../features/billing/billing-queries";
import { ChannelsPanel } from "../../features/notifications/channels-panel";
import { NotificationList } from "../../features/notifications/notification-list";

export default function NotificationsPage() {
  const plan = usePlanInForce();
  const { hash, search } = useLocation();
  const navigate = useNavigate();
  const tab = hash === "#channels" ? "channels" : "alerts";
  return (
    <ScreenSection title="Notification Center">
      <Tabs
        value={tab}
        onChange={(_, value) =>
          navigate(
            { search: value === "alerts" ? search : "", hash: value === "channels" ? "channels" : "" },
            { replace: true },
          )
        }
        sx={{ mb: 2 }}
      >
        <Tab value="alerts" label="Alerts" />
        <Tab value="channels" label="Channels" />
      </Tabs>
      {tab === "alerts" ? <NotificationList /> : <ChannelsPanel plan={plan} />}
    </ScreenSection>
  );
}
