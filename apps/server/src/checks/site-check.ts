import { compareSites, discoverSite, siteFingerprint, siteSnapshot } from "@changeradar/engine";
import type { MonitorRow } from "../db/schema/monitors";
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
    const snapshot = siteSnapshot(monitor.url, discovery);
    const done = { ...fetched, httpStatus: 200, durationMs: Date.now() - started };
    const previous = monitor.latestSnapshotId !== null ? await loadPrevious() : null;
    if (previous?.snapshot.format !== "site") {
      return {
        ...done,
        kind: "baseline",
        snapshot,
        screenshot: null,
        fingerprint: siteFingerprint(snapshot),
      };
    }
    const result = compareSites(previous.snapshot, snapshot, { ignore: monitor.ignoreRules });
    if (!result.changed) {
      return { ...done, kind: "unchanged", snapshot, rebase: false, fingerprint: result.fingerprint };
    }
    return { ...done, kind: "changed", snapshot, screenshot: null, result };
  } catch (error) {
    return {
      ...fetched,
      kind: "error",
      error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      durationMs: Date.now() - started,
    };
  }
}
