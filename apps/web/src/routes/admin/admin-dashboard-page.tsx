import { ScreenSection } from "../../components/shell/screen-section";

export default function AdminDashboardPage() {
  return <ScreenSection title="Admin Dashboard" />;
}
