import { ScreenSection } from "../../components/shell/screen-section";

export default function NotificationsPage() {
  return <ScreenSection title="Notification Center" />;
}
