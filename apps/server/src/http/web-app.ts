import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { serverPackageUrl } from "../package-root";

export const defaultWebRoot = fileURLToPath(new URL("../web/dist", serverPackageUrl));

/**
 * Serves the built single-page app: hashed assets are cached forever, everything else revalidates, and any
 * non-API GET that matches no file gets index.html so client-side routes load. Without a build, a page
 * explains how to make one.
 */
export async function installWebApp(
  app: FastifyInstance,
  webRoot: string,
  pageHead: (path: string) => Promise<PageHead | null> = async () => null,
): Promise<void> {
  const built = existsSync(join(webRoot, "index.html"));
  const indexHtml = built ? readFileSync(join(webRoot, "index.html"), "utf8") : "";
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, path) {
        const hashed = path.startsWith(join(webRoot, "assets"));
        reply.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path === "/api" || !["GET", "HEAD"].includes(request.method)) {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
    }
    if (!built) return sendBuildMissingPage(reply, webRoot);
    // A public share link (issue 13 §4): never indexed, and its secret address never sent on as a referrer.
    if (path.startsWith("/share/"))
      return reply
        .header("Cache-Control", "no-store")
        .header("X-Robots-Tag", "noindex, nofollow")
        .header("Referrer-Policy", "no-referrer")
        .type("text/html; charset=utf-8")
        .send(indexHtml.replace("</head>", `<meta name="robots" content="noindex, nofollow" />\n  </head>`));
    const head = await pageHead(path);
    if (head)
      return reply
        .header("Cache-Control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(withHead(indexHtml, head));
    return sendIndex(request, reply);
  });
}

async function sendIndex(_request: FastifyRequest, reply: FastifyReply) {
  return reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8").sendFile("index.html");
}

/** Head tags a page needs in the HTML itself (crawlers and link previews run no JavaScript). */
export interface PageHead {
  title: string;
  description: string;
  url: string;
  type: "website" | "article";
  image?: string;
  publishedAt?: string;
  feed?: { title: string; href: string };
}

function attr(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

/** index.html with the page's title and description replaced and Open Graph, Twitter and feed tags added. */
export function withHead(html: string, head: PageHead): string {
  const meta = (key: "name" | "property", name: string, content: string | undefined) =>
    content ? `<meta ${key}="${name}" content="${attr(content)}" />` : "";
  const tags = [
    `<link rel="canonical" href="${attr(head.url)}" />`,
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:type", head.type),
    meta("property", "og:url", head.url),
    meta("property", "og:site_name", "ChangeRadar"),
    meta("property", "og:image", head.image),
    meta("property", "article:published_time", head.publishedAt),
    meta("name", "twitter:card", head.image ? "summary_large_image" : "summary"),
    head.feed
      ? `<link rel="alternate" type="application/rss+xml" title="${attr(head.feed.title)}" href="${attr(head.feed.href)}" />`
      : "",
  ].filter(Boolean);
  return html
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${attr(head.title)}</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, meta("name", "description", head.description))
    .replace("</head>", `${tags.join("\n    ")}\n  </head>`);
}

function sendBuildMissingPage(reply: FastifyReply, webRoot: string) {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ChangeRadar</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;color:#1e293b;line-height:1.5">
<h1>ChangeRadar is running</h1>
<p>The API answers under <a href="/api/v1/health">/api/v1/health</a>, but the web app has not been built yet
(no <code>${webRoot.replaceAll("<", "&lt;")}/index.html</code>).</p>
<p>Build it with <code>npm run build -w apps/web</code>, or start everything with <code>npm start</code>.</p>
</body></html>`;
  return reply.status(503).header("Cache-Control", "no-store").type("text/html; charset=utf-8").send(page);
}
