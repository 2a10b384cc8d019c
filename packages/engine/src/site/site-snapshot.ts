/**
 * A site's pages as a Snapshot, so a site monitor's versions are stored, cached and shown like any page's:
 * each page is an item (its address is its identity) and a line of text (sorted, so the stored version
 * reads as a list and re-ordering is never a change).
 */
import type { Snapshot } from "../snapshot";
import type { SiteDiscovery } from "./discover-site";

export function siteSnapshot(url: string, discovery: SiteDiscovery): Snapshot {
  const count = discovery.pages.length;
  const notes = [
    discovery.truncated ? "page cap reached" : null,
    discovery.refusedCount > 0 ? `${discovery.refusedCount} refused` : null,
  ].filter((note) => note !== null);
  return {
    version: 1,
    url,
    format: "site",
    title: `${count} page${count === 1 ? "" : "s"}${notes.length > 0 ? ` (${notes.join(", ")})` : ""}`,
    lines: discovery.pages,
    price: null,
    availability: "unknown",
    items: discovery.pages.map((page) => ({ title: page, url: page, key: page })),
    images: [],
    structure: { hash: "", paths: [] },
    scopeMatched: null,
  };
}
