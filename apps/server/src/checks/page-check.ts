import {
  type BrowserPool,
  type ChangeResult,
  compareSnapshots,
  extractSnapshot,
  FetchError,
  type FetchedPage,
  fetchPage,
  fingerprintSnapshot,
  type LearnedNoise,
  learnNoise,
  parseScope,
  refineWithAI,
  type Snapshot,
} from "@changeradar/engine";
import type { MonitorRow } from "../db/schema/monitors";
import { toEngineCondition } from "./engine-conditions";

/**
 * One check of one monitor through the engine: fetch (conditionally), extract, compare with the stored
 * version. Pure with respect to the database: the recorder stores what this returns.
 */
export interface PreviousVersion {
  snapshot: Snapshot;
  screenshot: Uint8Array | null;
}

export interface FetchSettings {
  allowPrivateTargets: boolean;
  browserPool: BrowserPool | null;
  totalTimeoutMs?: number;
  /** Optional OpenAI-compatible endpoint that rewrites summaries (AI_BASE_URL). */
  ai?: { baseUrl: string; apiKey: string | null; model: string } | null;
}

interface Fetched {
  httpStatus: number | null;
  durationMs: number;
  etag: string | null;
  lastModified: string | null;
}

export type PageCheckOutcome =
  | (Fetched & { kind: "error"; error: string })
  | (Fetched & { kind: "not_modified" })
  | (Fetched & {
      kind: "baseline";
      snapshot: Snapshot;
      screenshot: Uint8Array | null;
      learnedNoise: LearnedNoise;
      fingerprint: string;
    })
  /** `rebase`: the page went back to a recent version (a flip-flop): store it silently as the latest. */
  | (Fetched & { kind: "unchanged"; snapshot: Snapshot; rebase: boolean; fingerprint: string })
  | (Fetched & { kind: "changed"; snapshot: Snapshot; screenshot: Uint8Array | null; result: ChangeResult });

export async function checkPage(
  monitor: MonitorRow,
  previous: PreviousVersion | null,
  settings: FetchSettings,
): Promise<PageCheckOutcome> {
  const started = Date.now();
  const fetchOnce = (conditional: boolean) =>
    fetchPage(
      {
        url: monitor.url,
        render: monitor.renderJs,
        etag: conditional ? monitor.etag : null,
        lastModified: conditional ? monitor.lastModified : null,
      },
      {
        allowPrivateTargets: settings.allowPrivateTargets,
        totalTimeoutMs: settings.totalTimeoutMs,
        browserPool: monitor.renderJs ? (settings.browserPool ?? undefined) : undefined,
      },
    );
  let page: FetchedPage;
  try {
    page = await fetchOnce(previous !== null);
  } catch (error) {
    return failure(error, started);
  }
  const fetched: Fetched = {
    httpStatus: page.status,
    durationMs: Date.now() - started,
    etag: page.etag ?? monitor.etag,
    lastModified: page.lastModified ?? monitor.lastModified,
  };
  if (page.notModified && previous) return { ...fetched, kind: "not_modified" };

  try {
    const scope = monitor.selector ? parseScope(monitor.selector) : undefined;
    const snapshot = await extractSnapshot(extractInput(page), { scope });
    if (snapshot.scopeMatched === false) {
      return {
        ...fetched,
        kind: "error",
        error: `The selector "${monitor.selector}" matched nothing on the page.`,
      };
    }
    if (!previous) {
      // Noise is learned from a second, back-to-back fetch: whatever differs between the two is volatile.
      const second = await extractSnapshot(extractInput(await fetchOnce(false)), { scope });
      const noise = learnNoise(snapshot, second, null);
      return {
        ...fetched,
        durationMs: Date.now() - started,
        kind: "baseline",
        snapshot: second,
        screenshot: page.screenshot,
        learnedNoise: noise,
        fingerprint: fingerprintSnapshot(second, {
          watch: monitor.watch,
          ignore: monitor.ignoreRules,
          learnedNoise: noise,
        }),
      };
    }
    const compared = compareSnapshots(previous.snapshot, snapshot, {
      watch: monitor.watch,
      ignore: monitor.ignoreRules,
      conditions: monitor.conditions.map(toEngineCondition),
      learnedNoise: (monitor.learnedNoise as LearnedNoise | null) ?? null,
      recentFingerprints: monitor.recentFingerprints,
      sensitivity: monitor.sensitivity,
      screenshots:
        previous.screenshot && page.screenshot
          ? { before: previous.screenshot, after: page.screenshot }
          : null,
    });
    const result =
      compared.changed && settings.ai
        ? await refineWithAI(compared, { ...settings.ai, criteria: monitor.aiCriteria })
        : compared;
    if (!result.changed || result.flipFlop) {
      return {
        ...fetched,
        kind: "unchanged",
        snapshot,
        rebase: result.flipFlop,
        fingerprint: result.fingerprint,
      };
    }
    return { ...fetched, kind: "changed", snapshot, screenshot: page.screenshot, result };
  } catch (error) {
    return failure(error, started, page.status);
  }
}

/** Links and images resolve against the URL the page was finally served from (after redirects). */
export function extractInput(page: FetchedPage) {
  return { url: page.finalUrl, contentType: page.contentType, text: page.text, bytes: page.bytes };
}

function failure(error: unknown, started: number, httpStatus: number | null = null): PageCheckOutcome {
  const message = error instanceof Error ? error.message : String(error);
  return {
    kind: "error",
    error: message.slice(0, 500),
    httpStatus: error instanceof FetchError ? (error.status ?? httpStatus) : httpStatus,
    durationMs: Date.now() - started,
    etag: null,
    lastModified: null,
  };
}
