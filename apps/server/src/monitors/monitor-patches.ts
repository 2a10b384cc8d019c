import { isDeepStrictEqual } from "node:util";
import type { PlanName, updateMonitorSchema, WatchKind } from "@changeradar/contracts";
import type { z } from "zod";
import type { MonitorRow } from "../db/schema/monitors";
import { Invalid } from "../http/errors";
import { SITE_WATCH, siteSettings } from "./monitor-input";
import type { MonitorPatch } from "./monitors.repository";

/** A new URL, scope or renderer makes the old snapshot incomparable: the next check takes a new baseline. */
export function freshBaseline(): MonitorPatch {
  return {
    latestSnapshotId: null,
    etag: null,
    lastModified: null,
    learnedNoise: null,
    recentFingerprints: [],
    nextCheckAt: new Date(),
  };
}

export function pausePatch(paused: boolean): MonitorPatch {
  return paused
    ? { paused: true }
    : { paused: false, pausedByPlan: false, nextCheckAt: new Date(), leaseUntil: null };
}

/** What a site's pages are watched for: the kinds asked for, all of which work without a browser. */
export function sitePageWatch(watch: readonly WatchKind[]): WatchKind[] {
  if (watch.includes("visual")) {
    throw Invalid.field(
      "watch",
      "A site's pages are read without a browser: watch how they look on one page at a time",
    );
  }
  return [...watch];
}

type SiteInput = Pick<
  z.output<typeof updateMonitorSchema>,
  "mode" | "maxPages" | "crawlDepth" | "watchPages" | "watch"
>;

/**
 * What an update does to a monitor's mode, site bounds and watched kinds. The plan judges a site's bounds
 * only when they change (one saved under a higher plan keeps them); a new mode or new bounds start a new
 * baseline.
 */
export function sitePatch(current: MonitorRow, input: SiteInput, plan: PlanName): MonitorPatch {
  const patch: MonitorPatch = {};
  const mode = input.mode ?? current.mode;
  const asked = {
    maxPages: input.maxPages !== undefined ? input.maxPages : current.maxPages,
    crawlDepth: input.crawlDepth !== undefined ? input.crawlDepth : current.crawlDepth,
    watchPages: input.watchPages ?? current.watchPages,
  };
  const site =
    mode !== current.mode ||
    asked.maxPages !== current.maxPages ||
    asked.crawlDepth !== current.crawlDepth ||
    asked.watchPages !== current.watchPages
      ? siteSettings(mode, asked, plan)
      : { maxPages: current.maxPages, crawlDepth: current.crawlDepth, watchPages: current.watchPages };
  if (mode !== current.mode || site.maxPages !== current.maxPages || site.crawlDepth !== current.crawlDepth) {
    Object.assign(patch, { mode, ...site, ...freshBaseline() });
    if (mode !== "page") Object.assign(patch, { selector: null });
  }
  if (site.watchPages !== current.watchPages) {
    // Turned on: the site is read now and its pages are watched from then on.
    Object.assign(patch, { watchPages: site.watchPages }, site.watchPages ? { nextCheckAt: new Date() } : {});
  }
  // A site watches its pages coming and going; the kinds asked for are what its pages are watched for.
  const keepsWatch = mode === "page" || site.watchPages;
  if (input.watch !== undefined && keepsWatch)
    patch.watch = mode === "page" ? input.watch : sitePageWatch(input.watch);
  else if (!keepsWatch && !isDeepStrictEqual(current.watch, SITE_WATCH)) patch.watch = SITE_WATCH;
  return patch;
}
