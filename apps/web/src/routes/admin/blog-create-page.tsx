import { ScreenSection } from "../../components/shell/screen-section";
import { BlogForm } from "../../features/admin/blog-form";

export default function BlogCreatePage() {
  return (
    <ScreenSection title="Create Blog Post">
      <BlogForm />
    </ScreenSection>
  );
}
