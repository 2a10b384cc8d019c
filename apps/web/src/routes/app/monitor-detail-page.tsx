import { ScreenSection } from "../../components/shell/screen-section";

export default function MonitorDetailPage() {
  return <ScreenSection title="Monitor Detail" />;
}
