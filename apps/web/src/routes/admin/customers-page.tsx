import { ScreenSection } from "../../components/shell/screen-section";

export default function CustomersPage() {
  return <ScreenSection title="Customers" />;
}
