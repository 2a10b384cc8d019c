/**
 * The pages of a whole site, from its sitemap (index files and gzip'd sitemaps too) or by crawling from a
 * start address within its host. Bounded: a page cap, a crawl depth, a time budget for the whole read and
 * a body cap per request. Polite: one request at a time with a pause between (longer when robots.txt asks
 * for a Crawl-delay), and nothing robots.txt disallows is fetched. Every request is the engine's guarded
 * HTTP fetch, so the SSRF guard judges every address and every redirect hop.
 *
 * An address refused for a lasting reason (blocked by the guard, disallowed, 4xx, off the site, too large)
 * is left out and listed in `refused`; the read goes on. A passing failure (timeout, connection, 5xx) of a
 * page whose links or entries are needed fails the whole read instead: a partial set would report pages
 * as removed that are still there.
 */
import { httpFetch } from "../fetch/http-fetch";
import { FetchError, type FetchedPage, type FetchOptions } from "../fetch/types";
import { pageLinks, withoutFragment } from "./page-links";
import { loadRobots, type SiteRules } from "./robots";
import { parseSitemap, SitemapFormatError, sitemapText } from "./sitemap-xml";

export type SiteMode = "sitemap" | "crawl";

export interface SiteRequest {
  /** The sitemap's address (mode `sitemap`) or the page the crawl starts from (mode `crawl`). */
  url: string;
  mode: SiteMode;
  /** Pages listed at most; past it the read stops and the result is `truncated`. */
  maxPages: number;
  /** Crawl only: links followed this many steps from the start page (0 = the start page alone). */
  maxDepth?: number;
}

export interface SiteOptions extends FetchOptions {
  /** Pause between two requests to the site (default 500 ms; a robots.txt Crawl-delay can lengthen it). */
  delayMs?: number;
  /** The whole read, every request and pause included (default 120 s). */
  budgetMs?: number;
}

export interface RefusedAddress {
  url: string;
  reason: string;
}

export interface SiteDiscovery {
  /** The pages found, de-duplicated, sorted. */
  pages: string[];
  /** Addresses left out and why (the first MAX_REFUSED_LISTED of them). */
  refused: RefusedAddress[];
  refusedCount: number;
  /** The page cap (or the sitemap-file cap) stopped the read before everything was listed. */
  truncated: boolean;
  /**
   * Every page of the site the read could reach was listed: not truncated, no sitemap file left out, no
   * crawled page left out whose links were to be followed. A page missing from an incomplete read may
   * still be there (site-snapshot holds it one check before calling it removed).
   */
  complete: boolean;
  requests: number;
  durationMs: number;
}

/** A read that cannot give the site's whole set of pages: a check error, never a change. */
export class SiteReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SiteReadError";
  }
}

export const DEFAULT_SITE_DELAY_MS = 500;
export const DEFAULT_SITE_BUDGET_MS = 120_000;
/** Sitemap files read per check (an index of indexes stops here). */
export const MAX_SITEMAP_FILES = 50;
/** The body cap of one crawled page (a sitemap file keeps the fetch's own 10 MB on the wire). */
export const MAX_CRAWL_PAGE_BYTES = 2 * 1024 * 1024;
/** Addresses waiting to be crawled at most (a page with thousands of links does not fill memory). */
const MAX_QUEUED = 10_000;
const MAX_REFUSED_LISTED = 100;

export async function discoverSite(request: SiteRequest, options: SiteOptions = {}): Promise<SiteDiscovery> {
  const start = withoutFragment(request.url);
  if (start === null)
    throw new FetchError("invalid_url", "Enter a full web address starting with http:// or https://");
  const reader = new PoliteReader(options);
  const rules = await reader.robots(start);
  if (!rules.isAllowed(start)) {
    throw new SiteReadError(`robots.txt of ${new URL(start).host} does not allow reading ${start}`);
  }
  const read =
    request.mode === "sitemap"
      ? await readSitemaps(start, request.maxPages, rules, reader)
      : await crawl(start, request.maxPages, request.maxDepth ?? 0, rules, reader);
  if (reader.failures.length > 0) {
    const [first] = reader.failures;
    const count = reader.failures.length;
    throw new SiteReadError(
      `${count} address${count === 1 ? "" : "es"} of the site could not be read (${first.url}: ${first.reason}); the pages are compared again at the next check`,
    );
  }
  return {
    pages: [...read.pages].sort(),
    refused: reader.refused,
    refusedCount: reader.refusedCount,
    truncated: read.truncated,
    complete: !read.truncated && !read.partial,
    requests: reader.requests,
    durationMs: Date.now() - reader.started,
  };
}

interface Read {
  pages: Set<string>;
  truncated: boolean;
  /** Something whose pages or links belong to the set was left out (a sitemap file, a page to crawl). */
  partial: boolean;
}

/** One request at a time, paced, within the time budget; refusals and passing failures recorded. */
class PoliteReader {
  readonly started = Date.now();
  readonly refused: RefusedAddress[] = [];
  refusedCount = 0;
  readonly failures: RefusedAddress[] = [];
  requests = 0;
  private readonly deadline: number;
  private delayMs: number;
  private lastRequestAt = 0;

  constructor(private readonly options: SiteOptions) {
    this.deadline = this.started + (options.budgetMs ?? DEFAULT_SITE_BUDGET_MS);
    this.delayMs = options.delayMs ?? DEFAULT_SITE_DELAY_MS;
  }

  async robots(siteUrl: string): Promise<SiteRules> {
    const rules = await this.paced(() => loadRobots(siteUrl, this.fetchOptions()));
    if (rules.crawlDelayMs !== null) this.delayMs = Math.max(this.delayMs, rules.crawlDelayMs);
    return rules;
  }

  /**
   * One page. A connection the server dropped (a kept-alive socket it closed during our pause) is tried
   * once more on a new one before it counts as a failure.
   */
  async get(
    url: string,
    limits: Pick<FetchOptions, "maxBodyBytes" | "refuseRedirect"> = {},
  ): Promise<FetchedPage> {
    const once = () => httpFetch({ url }, { ...this.fetchOptions(), ...limits });
    try {
      return await this.paced(once);
    } catch (error) {
      if (!(error instanceof FetchError) || error.code !== "connect") throw error;
      return this.paced(once);
    }
  }

  refuse(url: string, reason: string): void {
    this.refusedCount += 1;
    if (this.refused.length < MAX_REFUSED_LISTED) this.refused.push({ url, reason });
  }

  /** A failed request: refused when the reason lasts, a passing failure otherwise. */
  failed(url: string, error: unknown): void {
    if (isLasting(error)) this.refuse(url, reasonOf(error));
    else this.failures.push({ url, reason: reasonOf(error) });
  }

  private fetchOptions(): FetchOptions {
    const { delayMs: _delay, budgetMs: _budget, ...fetchOptions } = this.options;
    const left = this.deadline - Date.now();
    return {
      ...fetchOptions,
      totalTimeoutMs: Math.max(1, Math.min(fetchOptions.totalTimeoutMs ?? 30_000, left)),
    };
  }

  private async paced<T>(request: () => Promise<T>): Promise<T> {
    const wait = this.requests === 0 ? 0 : this.lastRequestAt + this.delayMs - Date.now();
    if (Date.now() + Math.max(0, wait) >= this.deadline) throw this.overBudget();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    this.requests += 1;
    this.lastRequestAt = Date.now();
    try {
      return await request();
    } catch (error) {
      if (Date.now() >= this.deadline) throw this.overBudget();
      throw error;
    } finally {
      this.lastRequestAt = Date.now();
    }
  }

  private overBudget(): SiteReadError {
    const seconds = Number(((this.deadline - this.started) / 1000).toFixed(1));
    return new SiteReadError(
      `Reading the site took longer than ${seconds} s (${this.requests} requests); lower the page cap or the crawl depth`,
    );
  }
}

function isLasting(error: unknown): boolean {
  if (error instanceof SitemapFormatError) return true;
  if (!(error instanceof FetchError)) return false;
  switch (error.code) {
    case "blocked":
    case "invalid_url":
    case "too_large":
    case "too_many_redirects":
    case "decode":
      return true;
    case "http_status":
      return (error.status ?? 500) < 500;
    default:
      return false;
  }
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const sameSite = (url: string, host: string): boolean => new URL(url).host === host;

/** A sitemap lists pages of its own host (sitemaps.org); `www.` on one side only is the same site. */
function sameSitemapHost(url: string, host: string): boolean {
  const bare = (name: string) => name.replace(/^www\./, "");
  return bare(new URL(url).host) === bare(host);
}

async function readSitemaps(
  start: string,
  maxPages: number,
  rules: SiteRules,
  reader: PoliteReader,
): Promise<Read> {
  const host = new URL(start).host;
  const pages = new Set<string>();
  const files = [start];
  const seenFiles = new Set(files);
  let truncated = false;
  let partial = false;
  for (let next = files.shift(); next !== undefined; next = files.shift()) {
    const file = next;
    const isStart = file === start;
    if (reader.requests > MAX_SITEMAP_FILES || pages.size >= maxPages) {
      truncated = true;
      break;
    }
    if (!isStart && !rules.isAllowed(file)) {
      reader.refuse(file, "robots.txt disallows it");
      partial = true;
      continue;
    }
    let parsed: ReturnType<typeof parseSitemap>;
    try {
      const page = await reader.get(file);
      parsed = parseSitemap(
        sitemapText(page.bytes, () => page.text),
        maxPages - pages.size + 1,
      );
    } catch (error) {
      // The sitemap asked for must be read; a sitemap it points to may be refused on its own.
      if (isStart || error instanceof SiteReadError) throw error;
      reader.failed(file, error);
      partial = true;
      continue;
    }
    for (const location of parsed.locations) {
      const url = withoutFragment(location, file);
      if (url === null) {
        reader.refuse(location.slice(0, 300), "not an http(s) address");
      } else if (parsed.kind === "index") {
        if (!seenFiles.has(url)) {
          seenFiles.add(url);
          files.push(url);
        }
      } else if (!sameSitemapHost(url, host)) {
        reader.refuse(url, `not on the sitemap's host (${host})`);
      } else if (pages.size < maxPages) {
        pages.add(url);
      } else if (!pages.has(url)) {
        truncated = true;
      }
    }
  }
  return { pages, truncated, partial };
}

async function crawl(
  start: string,
  maxPages: number,
  maxDepth: number,
  rules: SiteRules,
  reader: PoliteReader,
): Promise<Read> {
  const pages = new Set<string>();
  const queue: { url: string; depth: number }[] = [{ url: start, depth: 0 }];
  const queued = new Set([start]);
  let host = new URL(start).host;
  let partial = false;
  for (let next = queue.shift(); next !== undefined && pages.size < maxPages; next = queue.shift()) {
    const { url, depth } = next;
    const isStart = url === start;
    if (!isStart && !rules.isAllowed(url)) {
      reader.refuse(url, "robots.txt disallows it");
      continue;
    }
    let page: FetchedPage;
    try {
      page = await reader.get(url, {
        maxBodyBytes: MAX_CRAWL_PAGE_BYTES,
        // The start page's own redirect (to https://, to www.) names the site's host; later ones keep to it.
        refuseRedirect: isStart
          ? undefined
          : (target) => (target.host === host ? null : `redirects off the site (to ${target.host})`),
      });
    } catch (error) {
      if (isStart || error instanceof SiteReadError) throw error;
      // A page whose links are not followed is known to exist from the link itself.
      if (depth >= maxDepth && !isLasting(error)) pages.add(url);
      else {
        reader.failed(url, error);
        // A page that is gone (404) is the site's own answer; one refused otherwise hides its links.
        if (depth < maxDepth && !isGone(error)) partial = true;
      }
      continue;
    }
    const final = withoutFragment(page.finalUrl) ?? url;
    if (isStart) host = new URL(final).host;
    if (final !== url && !isStart && !rules.isAllowed(final)) {
      reader.refuse(url, "redirects to an address robots.txt disallows");
      continue;
    }
    if (pages.has(final)) continue;
    pages.add(final);
    queued.add(final);
    if (depth >= maxDepth || !isHtml(page)) continue;
    for (const link of pageLinks(page.text, final)) {
      if (queued.size >= MAX_QUEUED) break;
      if (queued.has(link) || !sameSite(link, host)) continue;
      queued.add(link);
      queue.push({ url: link, depth: depth + 1 });
    }
  }
  return { pages, truncated: pages.size >= maxPages && queue.length > 0, partial };
}

const isGone = (error: unknown): boolean =>
  error instanceof FetchError &&
  error.code === "http_status" &&
  (error.status === 404 || error.status === 410);

function isHtml(page: FetchedPage): boolean {
  return page.contentType === "text/html" || page.contentType === "application/xhtml+xml";
}
