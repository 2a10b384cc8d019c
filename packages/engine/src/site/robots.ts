/**
 * robots.txt (RFC 9309) of a site, read once per check through the guarded fetch. Parsing is the
 * maintained `robots-parser`. A missing file (4xx) allows everything; a server error means "do not crawl"
 * (RFC 9309 §2.3.1.4), which is a check error rather than an empty site.
 */
import robotsParser from "robots-parser";
import { httpFetch } from "../fetch/http-fetch";
import { FetchError, type FetchOptions } from "../fetch/types";

/** The product token matched against `User-agent:` lines. */
export const ROBOTS_AGENT = "ChangeRadar";
/** What the RFC asks crawlers to read of a robots.txt at least (500 KiB). */
const MAX_ROBOTS_BYTES = 512 * 1024;
/** A site asking for a longer Crawl-delay is still read at this pace (the check's time budget bounds it). */
const MAX_CRAWL_DELAY_MS = 5_000;

export interface SiteRules {
  isAllowed(url: string): boolean;
  /** The site's Crawl-delay for us, in ms (capped), or null. */
  crawlDelayMs: number | null;
}

const allowAll: SiteRules = { isAllowed: () => true, crawlDelayMs: null };

export async function loadRobots(siteUrl: string, options: FetchOptions): Promise<SiteRules> {
  const robotsUrl = new URL("/robots.txt", siteUrl).href;
  let text: string;
  try {
    const page = await httpFetch(
      { url: robotsUrl, headers: { accept: "text/plain,*/*;q=0.5" } },
      { ...options, maxBodyBytes: Math.min(options.maxBodyBytes ?? MAX_ROBOTS_BYTES, MAX_ROBOTS_BYTES) },
    );
    text = page.text;
  } catch (error) {
    if (error instanceof FetchError && error.code === "http_status" && (error.status ?? 0) < 500) {
      return allowAll;
    }
    if (error instanceof FetchError && error.code === "too_large") return allowAll;
    if (error instanceof FetchError && error.code === "http_status") {
      throw new FetchError(
        "http_status",
        `${new URL(siteUrl).host}/robots.txt answered ${error.status}: the site is not read until it answers`,
        error.status,
      );
    }
    throw error;
  }
  const robots = robotsParser(robotsUrl, text);
  const delay = robots.getCrawlDelay(ROBOTS_AGENT);
  return {
    // Undefined means another host, which these rules do not speak for (a sitemap index may list one).
    isAllowed: (url) => robots.isAllowed(url, ROBOTS_AGENT) !== false,
    crawlDelayMs:
      typeof delay === "number" && delay > 0 ? Math.min(Math.round(delay * 1000), MAX_CRAWL_DELAY_MS) : null,
  };
}
