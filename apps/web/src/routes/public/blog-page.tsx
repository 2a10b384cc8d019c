import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { usePublicPosts } from "../../features/blog/blog-queries";
import { LoadError, LoadingRows } from "../../features/common/query-states";
import { formatDate } from "../../lib/dates";

/** /blog: the published posts, newest first, with the RSS feed linked. */
export default function BlogPage() {
  const posts = usePublicPosts();
  return (
    <Box component="section" aria-labelledby="blog-title">
      <Typography id="blog-title" variant="h3" component="h1" sx={{ mb: 1 }}>
        Blog
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Guides and news about website change monitoring. <Link href="/api/v1/blog/rss.xml">RSS feed</Link>
      </Typography>
      {posts.isPending ? (
        <LoadingRows rows={3} height={120} label="Loading posts" />
      ) : posts.isError ? (
        <LoadError error={posts.error} onRetry={() => posts.refetch()} what="the blog" />
      ) : posts.data.items.length === 0 ? (
        <Typography color="text.secondary">No posts yet. Come back soon.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 3 }}>
          {posts.data.items.map((post) => (
            <Box component="li" key={post.id}>
              <Card variant="outlined" component="article">
                <CardActionArea component={RouterLink} to={`/blog/${post.slug}`}>
                  {post.coverUrl && <CardMedia component="img" height="200" image={post.coverUrl} alt="" />}
                  <CardContent>
                    <Typography variant="h5" component="h2">
                      {post.title}
                    </Typography>
                    {post.publishedAt && (
                      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                        {formatDate(post.publishedAt)}
                      </Typography>
                    )}
                    <Typography color="text.secondary">{post.excerpt}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
