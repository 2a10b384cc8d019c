import { ScreenSection } from "../../components/shell/screen-section";

export default function SupportPage() {
  return <ScreenSection title="Support" />;
}
