/** Monitor enums shared by the engine's callers, the API and the web app (issue #4 extends this file). */
export const watchKinds = ["text", "price", "stock", "new_content", "images", "structure", "visual"] as const;
export type WatchKind = (typeof watchKinds)[number];

/**
 * Sensitivity, one scale everywhere (engine, API, editor, import): 0–100, higher means FEWER alerts.
 * 0 reports every detected change; 100 only the most significant (a stock flip, a big price move).
 * The default lets every visible change through and filters only what is too small to see.
 */
export const minSensitivity = 0;
export const maxSensitivity = 100;
export const defaultSensitivity = 50;

/**
 * What a monitor watches: one page, or a whole site's pages (added and removed) read from its sitemap or by
 * crawling from a start page within its host.
 */
export const monitorModes = ["page", "sitemap", "crawl"] as const;
export type MonitorMode = (typeof monitorModes)[number];
export const monitorModeLabels: Record<MonitorMode, string> = {
  page: "One page",
  sitemap: "A site, from its sitemap",
  crawl: "A site, by following its links",
};

/** The bounds of a site monitor's read: pages listed at most per mode, and how deep a crawl follows links. */
export const siteLimits = {
  sitemap: { defaultPages: 500, maxPages: 500 },
  crawl: { defaultPages: 50, maxPages: 50 },
  defaultDepth: 2,
  maxDepth: 3,
} as const;

/** Why a site monitor's page cap is refused for its mode (a crawl fetches every page it lists), or null. */
export function sitePagesProblem(mode: MonitorMode, maxPages: number | null | undefined): string | null {
  if (mode === "page" || maxPages === null || maxPages === undefined) return null;
  const { maxPages: cap } = siteLimits[mode];
  return maxPages > cap ? `${monitorModeLabels[mode]}: at most ${cap} pages` : null;
}

export const monitorSorts = ["default", "lastCheckedAt", "nextCheckAt", "lastChangeAt"] as const;
export type MonitorSort = (typeof monitorSorts)[number];

export const monitorStatuses = ["ok", "changed", "failing", "paused"] as const;
export type MonitorStatus = (typeof monitorStatuses)[number];
