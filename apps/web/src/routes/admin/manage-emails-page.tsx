import { ScreenSection } from "../../components/shell/screen-section";

export default function ManageEmailsPage() {
  return <ScreenSection title="Manage Emails" />;
}
