/**
 * A site's pages as a Snapshot, so a site monitor's versions are stored, cached and shown like any page's:
 * each page is an item (its address is its identity) and a line of text (sorted, so the stored version
 * reads as a list and re-ordering is never a change).
 *
 * The removal rule: a page missing from a complete read is removed at once. A page missing from an
 * incomplete read (page cap reached, a sitemap file or a page to crawl left out) is held in the version
 * for one check, marked `missingOnce`; it is removed only when the next check misses it again, so a read
 * that came back partial and then whole again reports nothing at all.
 */
import type { Snapshot } from "../snapshot";
import type { SiteDiscovery } from "./discover-site";

export function siteSnapshot(
  url: string,
  discovery: SiteDiscovery,
  previous: Snapshot | null = null,
): Snapshot {
  const found = new Set(discovery.pages);
  const held =
    !discovery.complete && previous?.format === "site"
      ? previous.lines.filter((page) => !found.has(page) && !previous.missingOnce?.includes(page))
      : [];
  const pages = held.length > 0 ? [...discovery.pages, ...held].sort() : discovery.pages;
  const count = discovery.pages.length;
  const notes = [
    discovery.truncated ? "page cap reached" : null,
    discovery.refusedCount > 0 ? `${discovery.refusedCount} refused` : null,
    held.length > 0 ? `${held.length} not listed this time` : null,
  ].filter((note) => note !== null);
  return {
    version: 1,
    url,
    format: "site",
    title: `${count} page${count === 1 ? "" : "s"}${notes.length > 0 ? ` (${notes.join(", ")})` : ""}`,
    lines: pages,
    price: null,
    availability: "unknown",
    items: pages.map((page) => ({ title: page, url: page, key: page })),
    images: [],
    structure: { hash: "", paths: [] },
    scopeMatched: null,
    ...(held.length > 0 ? { missingOnce: held } : {}),
  };
}
