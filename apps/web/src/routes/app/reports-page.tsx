import { ScreenSection } from "../../components/shell/screen-section";

export default function ReportsPage() {
  return <ScreenSection title="Reports & Analytics" />;
}
