import { ScreenSection } from "../../components/shell/screen-section";

export default function FeedbackPage() {
  return <ScreenSection title="Feedback" />;
}
