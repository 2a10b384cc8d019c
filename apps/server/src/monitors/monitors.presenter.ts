import type { Monitor } from "@changeradar/contracts";
import type { MonitorWithStatus } from "./monitors.repository";
import { presentSteps } from "./step-secrets";

export function presentMonitor(row: MonitorWithStatus): Monitor {
  return {
    id: row.id,
    url: row.url,
    name: row.name,
    frequency: row.frequency,
    watch: row.watch,
    selector: row.selector,
    ignore: row.ignoreRules,
    conditions: row.conditions,
    renderJs: row.renderJs,
    sensitivity: row.sensitivity,
    channelIds: row.channelIds,
    tags: row.tags,
    paused: row.paused,
    aiCriteria: row.aiCriteria,
    mode: row.mode,
    maxPages: row.maxPages,
    crawlDepth: row.crawlDepth,
    browserSteps: presentSteps(row.browserSteps),
    watchPages: row.watchPages,
    parentId: row.parentId,
    status: row.status,
    lastCheckedAt: iso(row.lastCheckedAt),
    nextCheckAt: row.paused ? null : iso(row.nextCheckAt),
    lastChangeAt: iso(row.lastChangeAt),
    lastError: row.lastError,
    consecutiveFailures: row.consecutiveFailures,
    latest: row.latest ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** A monitor's name when none is given: the host without www. and the path. */
export function defaultName(url: URL): string {
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  return `${url.hostname.replace(/^www\./, "")}${path}`.slice(0, 200);
}
