import { useParams } from "react-router";
import { ScreenSection } from "../../components/shell/screen-section";
import { useAdminPost } from "../../features/admin/admin-queries";
import { BlogForm } from "../../features/admin/blog-form";
import { LoadError, LoadingRows } from "../../features/common/query-states";

export default function BlogEditPage() {
  const { postId } = useParams();
  const post = useAdminPost(postId);
  return (
    <ScreenSection title="Edit Blog Post">
      {post.isPending ? (
        <LoadingRows rows={3} height={80} label="Loading the post" />
      ) : post.isError ? (
        <LoadError error={post.error} onRetry={() => post.refetch()} what="this post" />
      ) : (
        <BlogForm key={post.data.id} post={post.data} />
      )}
    </ScreenSection>
  );
}
