/**
 * What reading a whole site costs: a 500-URL sitemap, a 50,000-URL sitemap capped at 500, a gzip'd index of
 * ten 5,000-URL sitemaps, and a 50-page crawl, each served on 127.0.0.1. Prints time, requests and heap.
 * Run: npx tsx packages/engine/bench/site-read.bench.ts
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { compareSites, discoverSite, type SiteRequest, siteSnapshot } from "../src/site";

const urlset = (origin: string, prefix: string, count: number) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from(
    { length: count },
    (_, i) => `<url><loc>${origin}/${prefix}/${i}</loc><lastmod>2026-01-01</lastmod></url>`,
  ).join("")}</urlset>`;

const server = createServer((req, res) => {
  const path = req.url ?? "/";
  const origin = `http://${req.headers.host}`;
  if (path === "/s500.xml") return void res.end(urlset(origin, "p", 500));
  if (path === "/s50k.xml") return void res.end(urlset(origin, "p", 50_000));
  if (path === "/index.xml") {
    const children = Array.from(
      { length: 10 },
      (_, i) => `<sitemap><loc>${origin}/c${i}.xml.gz</loc></sitemap>`,
    );
    return void res.end(`<sitemapindex>${children.join("")}</sitemapindex>`);
  }
  const child = /^\/c(\d)\.xml\.gz$/.exec(path);
  if (child)
    return void res
      .writeHead(200, { "content-type": "application/gzip" })
      .end(gzipSync(urlset(origin, `c${child[1]}`, 5_000)));
  const page = /^\/page\/(\d+)$/.exec(path);
  if (path === "/" || page) {
    const n = page ? Number(page[1]) : 0;
    const links = Array.from({ length: 8 }, (_, i) => `<a href="/page/${n * 8 + i + 1}">p</a>`).join("");
    return void res.writeHead(200, { "content-type": "text/html" }).end(`<html><body>${links}</body></html>`);
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function measure(name: string, request: SiteRequest, delayMs: number) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = heapBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  const started = performance.now();
  const site = await discoverSite(request, { allowedAddresses: ["127.0.0.1"], delayMs });
  const snapshot = siteSnapshot(request.url, site);
  const compared = compareSites(snapshot, { ...snapshot, lines: snapshot.lines.slice(1) });
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  console.log(
    `${name}: ${site.pages.length} pages, ${site.requests} requests, ${ms.toFixed(0)} ms, peak heap +${((peak - heapBefore) / 1e6).toFixed(1)} MB, snapshot ${(JSON.stringify(snapshot).length / 1024).toFixed(0)} KB, "${compared.summary}"`,
  );
}

await measure("500-URL sitemap", { url: `${origin}/s500.xml`, mode: "sitemap", maxPages: 500 }, 500);
await measure(
  "50,000-URL sitemap, cap 500",
  { url: `${origin}/s50k.xml`, mode: "sitemap", maxPages: 500 },
  500,
);
await measure(
  "index of 10 gzip'd 5,000-URL sitemaps, cap 500",
  { url: `${origin}/index.xml`, mode: "sitemap", maxPages: 500 },
  500,
);
await measure(
  "crawl, 50 pages, depth 3",
  { url: `${origin}/`, mode: "crawl", maxPages: 50, maxDepth: 3 },
  500,
);
server.close();
