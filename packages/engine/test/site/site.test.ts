import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FetchError } from "../../src/fetch";
import {
  compareSites,
  discoverSite,
  parseSitemap,
  type SiteOptions,
  SiteReadError,
  siteFingerprint,
  siteSnapshot,
} from "../../src/site";
import { type LoopbackServer, startLoopbackServer } from "../fetch/loopback-server";

/** The site under test: path → [status, content type, body] or a redirect target; changed per test. */
type Route = { status?: number; type?: string; body: string | Uint8Array } | { redirect: string };
let routes: Record<string, Route> = {};
let served: { path: string; at: number }[] = [];
let inFlight = 0;
let mostInFlight = 0;
let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    const path = req.url ?? "/";
    served.push({ path, at: Date.now() });
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const route = routes[path];
    setTimeout(() => {
      inFlight -= 1;
      if (!route) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      if ("redirect" in route) return void res.writeHead(302, { location: route.redirect }).end();
      res.writeHead(route.status ?? 200, { "content-type": route.type ?? "text/html" }).end(route.body);
    }, 5);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  routes = {};
  served = [];
  mostInFlight = 0;
});

const at = (path: string) => `${server.url}${path}`;
/** Only the test server's own address is let through the SSRF guard. */
const options: SiteOptions = { allowedAddresses: ["127.0.0.1"], delayMs: 0 };
const xml = (body: string) => ({ type: "application/xml", body: `<?xml version="1.0"?>${body}` });
const urlset = (...paths: string[]) =>
  xml(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
      .map((p) => `<url><loc>${p.startsWith("/") ? at(p) : p}</loc><lastmod>2026-01-01</lastmod></url>`)
      .join("")}</urlset>`,
  );
const index = (...locations: string[]) =>
  xml(
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locations
      .map((l) => `<sitemap><loc>${l.startsWith("/") ? at(l) : l}</loc></sitemap>`)
      .join("")}</sitemapindex>`,
  );
const html = (...links: string[]) => ({
  body: `<html><body>${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}</body></html>`,
});

describe("sitemaps", () => {
  it("lists a urlset's pages sorted, entities decoded, and refuses addresses off the sitemap's host one by one", async () => {
    routes["/sitemap.xml"] = urlset(
      "/b",
      "/a?x=1&amp;y=2",
      "/a#top",
      "http://10.0.0.8/admin",
      "mailto:x@y.z",
    );
    const site = await discoverSite({ url: at("/sitemap.xml"), mode: "sitemap", maxPages: 500 }, options);
    expect(site.pages).toEqual([at("/a"), at("/a?x=1&y=2"), at("/b")]);
    expect(site.refused).toEqual([
      { url: "http://10.0.0.8/admin", reason: `not on the sitemap's host (127.0.0.1:${server.port})` },
      { url: "mailto:x@y.z", reason: "not an http(s) address" },
    ]);
    expect(site.truncated).toBe(false);
  });

  it("reads a sitemap index, a gzip'd child too, and refuses a child at a blocked address without failing the rest", async () => {
    routes["/sitemap.xml"] = index(
      "/pages.xml",
      "/posts.xml.gz",
      "http://169.254.169.254/latest/sitemap.xml",
    );
    routes["/pages.xml"] = urlset("/", "/about");
    routes["/posts.xml.gz"] = {
      type: "application/gzip",
      body: gzipSync(Buffer.from(urlset("/posts/1", "/posts/2").body)),
    };
    const site = await discoverSite({ url: at("/sitemap.xml"), mode: "sitemap", maxPages: 500 }, options);
    expect(site.pages).toEqual([at("/"), at("/about"), at("/posts/1"), at("/posts/2")]);
    expect(site.refused).toHaveLength(1);
    expect(site.refused[0].url).toBe("http://169.254.169.254/latest/sitemap.xml");
    expect(site.refused[0].reason).toMatch(/not allowed|private|link-local|blocked/i);
  });

  it("stops at the page cap and says so", async () => {
    routes["/sitemap.xml"] = urlset(...Array.from({ length: 20 }, (_, i) => `/p${i}`));
    const site = await discoverSite({ url: at("/sitemap.xml"), mode: "sitemap", maxPages: 5 }, options);
    expect(site.pages).toHaveLength(5);
    expect(site.truncated).toBe(true);
  });

  it("fails the read when a child sitemap fails for a passing reason (a partial set would invent removals)", async () => {
    routes["/sitemap.xml"] = index("/ok.xml", "/down.xml");
    routes["/ok.xml"] = urlset("/a");
    routes["/down.xml"] = { status: 503, body: "busy" };
    await expect(
      discoverSite({ url: at("/sitemap.xml"), mode: "sitemap", maxPages: 500 }, options),
    ).rejects.toThrow(SiteReadError);
  });

  it("refuses what is not a sitemap with a plain reason", async () => {
    routes["/sitemap.xml"] = xml("<rss><channel/></rss>");
    await expect(
      discoverSite({ url: at("/sitemap.xml"), mode: "sitemap", maxPages: 500 }, options),
    ).rejects.toThrow("This is not a sitemap: its root element is <rss>, not <urlset> or <sitemapindex>");
    expect(() => parseSitemap("")).toThrow("The sitemap is empty or not XML");
  });

  it("does not read a child sitemap robots.txt disallows", async () => {
    routes["/robots.txt"] = { type: "text/plain", body: "User-agent: *\nDisallow: /hidden/\n" };
    routes["/sitemap.xml"] = index("/hidden/s.xml", "/s.xml");
    routes["/s.xml"] = urlset("/a");
    routes["/hidden/s.xml"] = urlset("/secret");
    const site = await discoverSite({ url: at("/sitemap.xml"), mode: "sitemap", maxPages: 500 }, options);
    expect(site.pages).toEqual([at("/a")]);
    expect(site.refused).toEqual([{ url: at("/hidden/s.xml"), reason: "robots.txt disallows it" }]);
    expect(served.map((s) => s.path)).not.toContain("/hidden/s.xml");
  });
});

describe("crawling from a start page", () => {
  it("follows links within the host to the set depth", async () => {
    routes["/"] = html("/a", "http://example.com/elsewhere", "mailto:x@y.z", "#top");
    routes["/a"] = html("/b", "/");
    routes["/b"] = html("/c");
    routes["/c"] = html("/d");
    const site = await discoverSite({ url: at("/"), mode: "crawl", maxPages: 50, maxDepth: 2 }, options);
    expect(site.pages).toEqual([at("/"), at("/a"), at("/b")]);
    expect(served.map((s) => s.path)).not.toContain("/c");
  });

  it("stops at the page cap", async () => {
    routes["/"] = html(...Array.from({ length: 10 }, (_, i) => `/p${i}`));
    for (let i = 0; i < 10; i++) routes[`/p${i}`] = html();
    const site = await discoverSite({ url: at("/"), mode: "crawl", maxPages: 4, maxDepth: 3 }, options);
    expect(site.pages).toHaveLength(4);
    expect(site.truncated).toBe(true);
    expect(site.requests).toBeLessThanOrEqual(5); // robots.txt and four pages
  });

  it("honours robots.txt: disallowed pages are never fetched", async () => {
    routes["/robots.txt"] = {
      type: "text/plain",
      body: "User-agent: OtherBot\nDisallow: /\n\nUser-agent: changeradar\nDisallow: /private\nDisallow: /no-radar\n",
    };
    routes["/"] = html("/public", "/private/x", "/no-radar");
    routes["/public"] = html();
    routes["/private/x"] = html();
    routes["/no-radar"] = html();
    const site = await discoverSite({ url: at("/"), mode: "crawl", maxPages: 50, maxDepth: 1 }, options);
    expect(site.pages).toEqual([at("/"), at("/public")]);
    expect(site.refused.map((r) => r.url).sort()).toEqual([at("/no-radar"), at("/private/x")]);
    const paths = served.map((s) => s.path);
    expect(paths).not.toContain("/private/x");
    expect(paths).not.toContain("/no-radar");
  });

  it("refuses a start page robots.txt disallows, and a robots.txt that answers 5xx", async () => {
    routes["/robots.txt"] = { type: "text/plain", body: "User-agent: *\nDisallow: /\n" };
    routes["/"] = html();
    await expect(discoverSite({ url: at("/"), mode: "crawl", maxPages: 5 }, options)).rejects.toThrow(
      /robots.txt of .* does not allow reading/,
    );
    routes["/robots.txt"] = { status: 503, body: "later" };
    await expect(discoverSite({ url: at("/"), mode: "crawl", maxPages: 5 }, options)).rejects.toThrow(
      /robots.txt answered 503/,
    );
  });

  it("refuses, per address, a link redirecting to a blocked address or off the site; the crawl goes on", async () => {
    routes["/"] = html("/meta", "/off", "/ok", "/gone");
    routes["/meta"] = { redirect: "http://169.254.169.254/latest/meta-data/" };
    routes["/off"] = { redirect: "http://example.invalid/" };
    routes["/ok"] = html();
    const site = await discoverSite(
      { url: at("/"), mode: "crawl", maxPages: 50, maxDepth: 2 },
      { ...options, lookup: async () => [{ address: "127.0.0.1", family: 4 }] },
    );
    expect(site.pages).toEqual([at("/"), at("/ok")]);
    const refused = Object.fromEntries(site.refused.map((r) => [r.url, r.reason]));
    expect(Object.keys(refused).sort()).toEqual([at("/gone"), at("/meta"), at("/off")]);
    // Refused before any connection: a crawl never follows a redirect off its host.
    expect(refused[at("/meta")]).toBe("redirects off the site (to 169.254.169.254)");
    expect(refused[at("/off")]).toBe("redirects off the site (to example.invalid)");
  });

  it("refuses the start page itself when the guard blocks it", async () => {
    routes["/"] = html();
    const error = await discoverSite({ url: at("/"), mode: "crawl", maxPages: 5 }, { delayMs: 0 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).code).toBe("blocked");
    expect(served).toEqual([]);
  });

  it("fetches one page at a time with the pause between, and stops at the time budget", async () => {
    routes["/"] = html("/a", "/b", "/c");
    for (const p of ["/a", "/b", "/c"]) routes[p] = html();
    const site = await discoverSite(
      { url: at("/"), mode: "crawl", maxPages: 50, maxDepth: 1 },
      { ...options, delayMs: 60 },
    );
    expect(site.pages).toHaveLength(4);
    expect(mostInFlight).toBe(1);
    const gaps = served.slice(1).map((s, i) => s.at - served[i].at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(55);

    await expect(
      discoverSite(
        { url: at("/"), mode: "crawl", maxPages: 50, maxDepth: 1 },
        { ...options, delayMs: 100, budgetMs: 250 },
      ),
    ).rejects.toThrow(
      /^Reading the site took longer than 0.3 s \(\d+ requests\); lower the page cap or the crawl depth$/,
    );
  });

  it("fails the read when a page whose links are needed fails for a passing reason", async () => {
    routes["/"] = html("/hub");
    routes["/hub"] = { status: 500, body: "oops" };
    await expect(
      discoverSite({ url: at("/"), mode: "crawl", maxPages: 50, maxDepth: 2 }, options),
    ).rejects.toThrow(/1 address of the site could not be read/);
  });
});

describe("comparing two versions of a site", () => {
  const version = (...paths: string[]) =>
    siteSnapshot(at("/sitemap.xml"), {
      pages: paths.map(at),
      refused: [],
      refusedCount: 0,
      truncated: false,
      complete: true,
      requests: 1,
      durationMs: 1,
    });

  it("reports pages added and removed as one change naming both, with the addresses in the diff", () => {
    const result = compareSites(version("/a", "/b", "/c"), version("/a", "/c", "/d", "/e"));
    expect(result).toMatchObject({ changed: true, alert: true, kinds: ["new_content"], flipFlop: false });
    expect(result.summary).toBe("2 pages added, 1 removed");
    expect(result.diffs.items.added.map((i) => i.url)).toEqual([at("/d"), at("/e")]);
    expect(result.diffs.items.removed.map((i) => i.url)).toEqual([at("/b")]);
    expect(result.diffs.text.filter((e) => e.op !== "equal")).toEqual([
      { op: "remove", before: at("/b") },
      { op: "add", after: at("/d") },
      { op: "add", after: at("/e") },
    ]);
  });

  it("leaves out pages the ignore rules name, by text in the address or by /pattern/", () => {
    const result = compareSites(version("/a", "/tag/x"), version("/a", "/tag/y", "/Page?session=1", "/b"), {
      ignore: ["/TAG", "/session=\\d+/"],
    });
    expect(result.summary).toBe("1 page added");
    expect(result.diffs.items.added.map((i) => i.url)).toEqual([at("/b")]);
    expect(compareSites(version("/a", "/tag/x"), version("/a"), { ignore: ["tag"] }).changed).toBe(false);
  });

  it("names one side alone, and finds no change in the same pages in another order", () => {
    expect(compareSites(version("/a"), version("/a", "/b")).summary).toBe("1 page added");
    expect(compareSites(version("/a", "/b", "/c"), version("/a")).summary).toBe("2 pages removed");
    const same = compareSites(version("/a", "/b"), version("/b", "/a"));
    expect(same).toMatchObject({ changed: false, summary: "No change", kinds: [] });
    expect(version("/b", "/a").title).toBe("2 pages");
  });
});

describe("a page missing from an incomplete read", () => {
  const read = (complete: boolean, ...paths: string[]) => ({
    pages: paths.map(at),
    refused: [],
    refusedCount: complete ? 0 : 1,
    truncated: false,
    complete,
    requests: 1,
    durationMs: 1,
  });
  const next = (previous: ReturnType<typeof siteSnapshot>, complete: boolean, ...paths: string[]) =>
    siteSnapshot(at("/sitemap.xml"), read(complete, ...paths), previous);
  const first = () => siteSnapshot(at("/sitemap.xml"), read(true, "/a", "/b"));

  it("is held one check: back at the next one, nothing is reported at all", () => {
    const partial = next(first(), false, "/a");
    expect(partial.lines).toEqual([at("/a"), at("/b")]);
    expect(partial.missingOnce).toEqual([at("/b")]);
    expect(partial.title).toBe("1 page (1 refused, 1 not listed this time)");
    expect(compareSites(first(), partial).changed).toBe(false);
    // A version of its own, so the mark is stored and the next check knows.
    expect(siteFingerprint(partial)).not.toBe(siteFingerprint(first()));
    const whole = next(partial, true, "/a", "/b");
    expect(whole.missingOnce).toBeUndefined();
    expect(compareSites(partial, whole).changed).toBe(false);
    expect(siteFingerprint(whole)).toBe(siteFingerprint(first()));
  });

  it("is removed when the next check misses it too, and reported again when it comes back", () => {
    const once = next(first(), false, "/a");
    const twice = next(once, false, "/a");
    expect(twice.lines).toEqual([at("/a")]);
    expect(compareSites(once, twice).summary).toBe("1 page removed");
    const back = next(twice, false, "/a", "/b");
    expect(compareSites(twice, back).summary).toBe("1 page added");
  });

  it("is removed at once when the read was complete, and its return is reported too", () => {
    const gone = next(first(), true, "/a");
    expect(gone.missingOnce).toBeUndefined();
    expect(compareSites(first(), gone).summary).toBe("1 page removed");
    expect(compareSites(gone, next(gone, true, "/a", "/b")).summary).toBe("1 page added");
  });
});

describe("whether a read is complete", () => {
  it("is not when the page cap stopped it or a sitemap file was left out; a refused page alone is", async () => {
    routes["/sitemap.xml"] = urlset("/a", "/b", "http://10.0.0.8/x");
    const whole = await discoverSite({ url: at("/sitemap.xml"), mode: "sitemap", maxPages: 500 }, options);
    expect(whole).toMatchObject({ complete: true, refusedCount: 1 });
    const capped = await discoverSite({ url: at("/sitemap.xml"), mode: "sitemap", maxPages: 1 }, options);
    expect(capped).toMatchObject({ complete: false, truncated: true });
    routes["/index.xml"] = index("/sitemap.xml", "/gone.xml");
    const index404 = await discoverSite({ url: at("/index.xml"), mode: "sitemap", maxPages: 500 }, options);
    expect(index404).toMatchObject({ complete: false, pages: [at("/a"), at("/b")] });
  });

  it("a crawl is not when a page whose links were to be followed was refused, but a page gone (404) is the site's answer", async () => {
    routes["/"] = html("/a", "/b");
    routes["/a"] = html("/a/deep");
    routes["/a/deep"] = html();
    const crawl = (maxDepth: number) =>
      discoverSite({ url: at("/"), mode: "crawl", maxPages: 50, maxDepth }, options);
    expect(await crawl(2)).toMatchObject({ complete: true, pages: [at("/"), at("/a"), at("/a/deep")] });
    routes["/b"] = { status: 403, body: "no" };
    expect(await crawl(2)).toMatchObject({ complete: false });
  });
});
