import { ScreenSection } from "../../components/shell/screen-section";

export default function MyMonitorsPage() {
  return <ScreenSection title="My Monitors" />;
}
