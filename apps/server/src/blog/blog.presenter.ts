import type { BlogListItem, BlogPost, PublicBlogListItem, PublicBlogPost } from "@changeradar/contracts";
import type { BlogPostRow } from "./blog.repository";

export function coverUrl(row: Pick<BlogPostRow, "id" | "coverBlobId">): string | null {
  // The content hash in the query changes the URL with the picture, so it may be cached for long.
  return row.coverBlobId ? `/api/v1/blog/posts/${row.id}/cover?v=${row.coverBlobId.slice(0, 16)}` : null;
}

export function presentPost(row: BlogPostRow): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    markdown: row.markdown,
    html: row.html,
    coverUrl: coverUrl(row),
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentListItem(row: BlogPostRow): BlogListItem {
  const { markdown: _m, html: _h, ...item } = presentPost(row);
  return item;
}

export function presentPublicPost(row: BlogPostRow): PublicBlogPost {
  const { markdown: _m, status: _s, ...post } = presentPost(row);
  return post;
}

export function presentPublicItem(row: BlogPostRow): PublicBlogListItem {
  const { html: _h, ...item } = presentPublicPost(row);
  return item;
}
