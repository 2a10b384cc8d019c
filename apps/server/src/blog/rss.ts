import { escapeHtml as xml } from "../mail/layout";
import type { BlogPostRow } from "./blog.repository";

export const blogTitle = "ChangeRadar Blog";
export const blogDescription =
  "Guides and news about website change monitoring: prices, stock, content and noise-free alerts.";
export const rssPath = "/api/v1/blog/rss.xml";

/** An RSS 2.0 feed of the published posts, newest first, with its own address as atom:link. */
export function rssFeed(appUrl: string, posts: BlogPostRow[]): string {
  const base = appUrl.replace(/\/+$/, "");
  const items = posts
    .map((post) => {
      const link = `${base}/blog/${post.slug}`;
      return [
        "    <item>",
        `      <title>${xml(post.title)}</title>`,
        `      <link>${xml(link)}</link>`,
        `      <guid isPermaLink="true">${xml(link)}</guid>`,
        `      <pubDate>${(post.publishedAt ?? post.updatedAt).toUTCString()}</pubDate>`,
        `      <description>${xml(post.excerpt)}</description>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const lastBuild = posts[0]?.publishedAt ?? new Date(0);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(blogTitle)}</title>
    <link>${xml(`${base}/blog`)}</link>
    <description>${xml(blogDescription)}</description>
    <language>en</language>
    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>
    <atom:link href="${xml(`${base}${rssPath}`)}" rel="self" type="application/rss+xml"/>
${items}
  </channel>
</rss>
`;
}
