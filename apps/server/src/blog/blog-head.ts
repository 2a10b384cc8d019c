import type { AppContext } from "../context";
import type { PageHead } from "../http/web-app";
import { coverUrl } from "./blog.presenter";
import { findPublishedBySlug } from "./blog.repository";
import { blogDescription, blogTitle, rssPath } from "./rss";

const postPath = /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;

/**
 * The head tags of /blog and /blog/:slug, put into the HTML the server sends: crawlers and link previews
 * run no JavaScript. Other paths answer null (the page's own head stays).
 */
export function blogPageHead(ctx: Pick<AppContext, "db" | "config">) {
  const base = ctx.config.appUrl.replace(/\/+$/, "");
  const feed = { title: blogTitle, href: `${base}${rssPath}` };
  return async (path: string): Promise<PageHead | null> => {
    if (path === "/blog" || path === "/blog/") {
      return {
        title: `Blog · ChangeRadar`,
        description: blogDescription,
        url: `${base}/blog`,
        type: "website",
        feed,
      };
    }
    const slug = postPath.exec(path)?.[1];
    if (!slug) return null;
    const post = await findPublishedBySlug(ctx.db, slug);
    if (!post) return null;
    const image = coverUrl(post);
    return {
      title: `${post.title} · ChangeRadar Blog`,
      description: post.excerpt,
      url: `${base}/blog/${post.slug}`,
      type: "article",
      image: image ? `${base}${image}` : undefined,
      publishedAt: post.publishedAt?.toISOString(),
      feed,
    };
  };
}
