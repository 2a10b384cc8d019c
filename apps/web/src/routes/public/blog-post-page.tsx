import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { usePublicPost } from "../../features/blog/blog-queries";
import { LoadingRows } from "../../features/common/query-states";
import { formatDate } from "../../lib/dates";

/** /blog/:slug: one published post (the server also puts its title and Open Graph tags in the HTML). */
export default function BlogPostPage() {
  const { slug = "" } = useParams();
  const post = usePublicPost(slug);
  useEffect(() => {
    if (post.data) document.title = `${post.data.title} · ChangeRadar Blog`;
  }, [post.data]);
  return (
    <Box component="article" aria-labelledby="post-title">
      <Link component={RouterLink} to="/blog" sx={{ display: "inline-block", mb: 2 }}>
        ← All posts
      </Link>
      {post.isPending ? (
        <LoadingRows rows={3} height={120} label="Loading the post" />
      ) : post.isError ? (
        <>
          <Typography id="post-title" variant="h4" component="h1">
            Post not found
          </Typography>
          <Typography color="text.secondary">This post does not exist or is no longer published.</Typography>
        </>
      ) : (
        <>
          <Typography id="post-title" variant="h3" component="h1" sx={{ mb: 1 }}>
            {post.data.title}
          </Typography>
          {post.data.publishedAt && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {formatDate(post.data.publishedAt)}
            </Typography>
          )}
          {post.data.coverUrl && (
            <Box
              component="img"
              src={post.data.coverUrl}
              alt=""
              sx={{ width: "100%", maxHeight: 360, objectFit: "cover", borderRadius: 2, mb: 3 }}
            />
          )}
          <Box
            className="blog-body"
            sx={{
              fontSize: "1.05rem",
              lineHeight: 1.7,
              overflowWrap: "anywhere",
              "& img": { maxWidth: "100%" },
              "& pre": { overflowX: "auto" },
            }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders the Markdown and sanitises it (rehype-sanitize)
            dangerouslySetInnerHTML={{ __html: post.data.html }}
          />
        </>
      )}
    </Box>
  );
}
