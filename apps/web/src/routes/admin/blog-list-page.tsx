import { ScreenSection } from "../../components/shell/screen-section";

export default function BlogListPage() {
  return <ScreenSection title="Blog Posts" />;
}
