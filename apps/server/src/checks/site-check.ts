import {
  compareSites,
  discoverSite,
  type Snapshot,
  siteFingerprint,
  sitePagesKept,
  siteSnapshot,
} from "@changeradar/engine";
import type { Database } from "../db";
import type { MonitorRow } from "../db/schema/monitors";
import { syncSitePages } from "../monitors/site-pages";
import type { FetchSettings, PageCheckOutcome, PreviousVersion } from "./page-check";

/**
 * One check of a site monitor: the site's pages (from its sitemap or a crawl) against the stored version's.
 * Pages added and removed are one change through the same recorder, history and alerts as a page's change.
 * The read is never repeated to learn noise (a second crawl would double the load on the site).
 */
export async function checkSite(
  monitor: MonitorRow,
  loadPrevious: () => Promise<PreviousVersion | null>,
  settings: FetchSettings,
): Promise<PageCheckOutcome> {
  const started = Date.now();
  const fetched = { httpStatus: null, etag: null, lastModified: null, bodyHash: null };
  if (monitor.mode === "page") throw new Error("checkSite reads site monitors only");
  try {
    const discovery = await discoverSite(
      {
        url: monitor.url,
        mode: monitor.mode,
        maxPages: monitor.maxPages ?? 1,
        maxDepth: monitor.crawlDepth ?? 0,
      },
      {
        allowPrivateTargets: settings.allowPrivateTargets,
        totalTimeoutMs: settings.totalTimeoutMs,
        ...settings.site,
      },
    );
    const previous = monitor.latestSnapshotId !== null ? await loadPrevious() : null;
    const before = previous?.snapshot.format === "site" ? previous.snapshot : null;
    // Pages missing from an incomplete read are held one check (engine site-snapshot: the removal rule).
    const snapshot = siteSnapshot(monitor.url, discovery, before);
    const done = { ...fetched, httpStatus: 200, durationMs: Date.now() - started };
    if (before === null) {
      return {
        ...done,
        kind: "baseline",
        version: { snapshot },
        screenshot: null,
        fingerprint: siteFingerprint(snapshot),
      };
    }
    const result = compareSites(before, snapshot, { ignore: monitor.ignoreRules });
    if (!result.changed) {
      // The same pages, a page held or no longer held: stored silently, so the next check knows.
      const rebase = result.fingerprint !== siteFingerprint(before);
      return { ...done, kind: "unchanged", version: { snapshot }, rebase, fingerprint: result.fingerprint };
    }
    return { ...done, kind: "changed", version: { snapshot }, screenshot: null, result };
  } catch (error) {
    return {
      ...fetched,
      kind: "error",
      error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      durationMs: Date.now() - started,
    };
  }
}

/**
 * After a site monitor's check is recorded: the pages it watches one by one become its version's pages
 * (those its ignore rules keep; a page held by the removal rule is still watched). A failed read changes
 * nothing. Reads the site monitor afresh, so watching turned off meanwhile stays off.
 */
export async function watchSitePages(db: Database, site: MonitorRow, snapshot: Snapshot, now: Date) {
  if (site.mode === "page" || snapshot.format !== "site") return;
  await syncSitePages(db, site.id, sitePagesKept(snapshot, site.ignoreRules), now);
}
