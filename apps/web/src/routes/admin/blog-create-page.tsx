import { ScreenSection } from "../../components/shell/screen-section";

export default function BlogCreatePage() {
  return <ScreenSection title="Create Blog Post" />;
}
