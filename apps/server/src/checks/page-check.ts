import { createHash } from "node:crypto";
import {
  type BrowserCookie,
  type BrowserPool,
  type BrowserStep,
  BrowserStepError,
  type ChangeResult,
  type CompareOptions,
  emptyLearnedNoise,
  FetchError,
  factsOfVersion,
  fetchPage,
  type IgnoredNoise,
  type LearnedNoise,
  type LocalPage,
  type NewVersion,
  type PackedSnapshot,
  type PageEngine,
  type PageSnapshot,
  refineWithAI,
  releaseBytes,
  type Snapshot,
  type SnapshotFacts,
  sharedEnginePool,
  snapshotPage,
  versionForJob,
} from "@changeradar/engine";
import type { MonitorRow } from "../db/schema/monitors";
import { type BodyNoise, bodyNoiseOf, shouldLearnBodyTokens, withBodyTokens } from "./body-noise";
import { toEngineCondition } from "./engine-conditions";

/**
 * One check of one monitor through the engine: fetch (conditionally), hash, extract, compare with the
 * stored version. Pure with respect to the database: the recorder stores what this returns.
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
  /** Where pages are extracted and compared: worker threads with a time and memory budget (shared pool by default). */
  engine?: PageEngine;
  /** Pages the product serves itself (the demo page): given only for the one monitor each belongs to. */
  localPages?: LocalPages;
  /** Site monitors: the pause between two requests and the time budget of one read (the engine's defaults). */
  site?: { delayMs?: number; budgetMs?: number };
  /** Browser steps' secrets and the cookies kept between checks (monitors/browser-sessions.ts). */
  browserSessions?: BrowserSessions;
  /** The plan gates at check time (entitlements/check-gate.ts): a refused monitor is not fetched. */
  planGate?: CheckPlanGate;
}

export interface CheckPlanGate {
  /** Why the owner's plan in force does not allow checking the monitor as saved, else null. */
  refusal(monitor: MonitorRow): Promise<string | null>;
}

/** A monitor's browser session: its steps ready to run, the cookies kept from its last successful check. */
export interface BrowserSession {
  steps: BrowserStep[];
  cookies: BrowserCookie[];
}

export interface BrowserSessions {
  open(monitor: MonitorRow): Promise<BrowserSession>;
  /** After a successful check: the browser's cookies, kept for the next one. */
  keep(monitorId: string, cookies: BrowserCookie[]): Promise<void>;
  /** A browser step failed: the screenshot of the page at that moment. */
  failed(monitorId: string, screenshot: Uint8Array | null): Promise<void>;
}

/** The page a monitor's URL names when the product serves it itself, else null (fetched as usual). */
export interface LocalPages {
  pageFor(monitor: Pick<MonitorRow, "userId" | "url">): Promise<LocalPage | null>;
}

interface Fetched {
  httpStatus: number | null;
  durationMs: number;
  etag: string | null;
  lastModified: string | null;
  /** Body hash and monitor settings of this check (kept to skip the parse of the same bytes next time). */
  bodyHash: string | null;
}

export type PageCheckOutcome =
  | (Fetched & { kind: "error"; error: string })
  | (Fetched & { kind: "not_modified" })
  /** The body bytes are the last check's, under the same settings: nothing was parsed. */
  | (Fetched & { kind: "same_body" })
  | (Fetched & {
      kind: "baseline";
      version: NewVersion;
      screenshot: Uint8Array | null;
      fingerprint: string;
    })
  /**
   * `rebase`: the page went back to a recent version (a flip-flop): store it silently as the latest.
   * `learnedNoise`: noise learned at this check (a second fetch when a first difference showed up).
   */
  | (Fetched & {
      kind: "unchanged";
      rebase: boolean;
      fingerprint: string;
      learnedNoise?: LearnedNoise;
      /** What the noise filter hid when it compared this version with the last. */
      ignored?: IgnoredNoise | null;
    } & (
        | { version: NewVersion }
        /** Compared where it was extracted: only its facts came back (it is not stored). */
        | { facts: SnapshotFacts; rebase: false }
      ))
  | (Fetched & {
      kind: "changed";
      version: NewVersion;
      screenshot: Uint8Array | null;
      result: ChangeResult;
      learnedNoise?: LearnedNoise;
    });

/**
 * What the same bytes are judged under: the monitor's scope and comparison settings. A change of any of
 * them makes the next check parse the page again.
 */
export function settingsKey(monitor: MonitorRow): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        monitor.selector,
        monitor.renderJs,
        monitor.watch,
        monitor.ignoreRules,
        monitor.conditions,
        monitor.sensitivity,
        monitor.aiCriteria,
        monitor.browserSteps,
      ]),
    )
    .digest("hex")
    .slice(0, 16);
}

/**
 * `loadPacked`: the stored version as the snapshot cache keeps it. Given, a page that needs a parse is
 * extracted and compared in one engine job, and the stored version is parsed on the engine's thread only.
 */
export async function checkPage(
  monitor: MonitorRow,
  loadPrevious: () => Promise<PreviousVersion | null>,
  settings: FetchSettings,
  loadPacked?: () => Promise<PackedSnapshot | null>,
): Promise<PageCheckOutcome> {
  const started = Date.now();
  const key = settingsKey(monitor);
  const hasPrevious = monitor.latestSnapshotId !== null;
  const engine = settings.engine ?? sharedEnginePool();
  const storedNoise = (monitor.learnedNoise as LearnedNoise | null) ?? null;
  // Lines are learned at the first visible difference; until then the reads' bytes are kept to learn from.
  const linesToLearn = !storedNoise || storedNoise.linesUnlearned === true;
  const bodyTokens = storedNoise?.volatileBodyTokens ?? [];
  const learnedAt = new Date(started);
  // Whether the bytes are read again (not parsed) when they differ and nothing visible does.
  const learnBodyTokens = shouldLearnBodyTokens(storedNoise, learnedAt);
  // A rendered page's screenshots are compared too, once both are at hand: not in the extraction's job.
  const compareWith =
    hasPrevious && loadPacked && !monitor.renderJs
      ? { load: loadPacked, options: compareOptions(monitor, storedNoise) }
      : null;
  const fingerprintOptions = { watch: monitor.watch, ignore: monitor.ignoreRules, learnedNoise: storedNoise };
  let localPage: LocalPage | null;
  try {
    const refused = await settings.planGate?.refusal(monitor);
    if (refused) return failure(new Error(refused), started);
    localPage = (await settings.localPages?.pageFor(monitor)) ?? null;
  } catch (error) {
    return failure(error, started);
  }
  let session: BrowserSession | null;
  try {
    session = await browserSessionOf(monitor, settings);
  } catch (error) {
    return failure(error, started);
  }
  /** `again`: the second read that learns noise, given the first read's body hash. */
  const read = (again: { firstBodyHash: string } | null, cookies = session?.cookies) =>
    snapshotPage(
      {
        url: monitor.url,
        render: monitor.renderJs,
        steps: session?.steps,
        browserCookies: cookies,
        selector: monitor.selector,
        etag: hasPrevious && !again ? monitor.etag : null,
        lastModified: hasPrevious && !again ? monitor.lastModified : null,
        knownBodyHash: again ? again.firstBodyHash : hasPrevious ? bodyHashOf(monitor.bodyHash, key) : null,
        volatileBodyTokens: bodyTokens,
        // The bytes are kept while noise may be learned (again) from them at this check.
        keepBody: hasPrevious && (linesToLearn || learnBodyTokens),
        compareWith: again ? null : compareWith,
        // A first version is fingerprinted and encoded for the store in the job that extracts it.
        fingerprintWith: hasPrevious ? null : fingerprintOptions,
      },
      {
        allowPrivateTargets: settings.allowPrivateTargets,
        totalTimeoutMs: settings.totalTimeoutMs,
        browserPool: monitor.renderJs ? (settings.browserPool ?? undefined) : undefined,
        engine,
        localPage,
      },
    );
  /** A second read's bytes only (not parsed); null when it failed (tried again at a later check). */
  const bytesOnlyNoiseOf = async (firstBody: Uint8Array): Promise<BodyNoise | null> => {
    const again = await fetchPage(
      { url: monitor.url },
      {
        allowPrivateTargets: settings.allowPrivateTargets,
        totalTimeoutMs: settings.totalTimeoutMs,
        localPage,
      },
    ).catch(() => null);
    if (!again || again.notModified) return null;
    const noise = bodyNoiseOf(firstBody, again.bytes);
    releaseBytes([again.bytes]);
    return noise;
  };
  let first: PageSnapshot;
  try {
    first = await read(null).catch((error: unknown) => {
      // Kept cookies may have put the site in another state (signed in already): the steps run once more
      // in a fresh browser session.
      if (error instanceof BrowserStepError && session?.cookies.length) return read(null, []);
      throw error;
    });
    if (session && first.page.cookies) await settings.browserSessions?.keep(monitor.id, first.page.cookies);
  } catch (error) {
    if (error instanceof BrowserStepError)
      await settings.browserSessions?.failed(monitor.id, error.screenshot);
    return failure(error, started);
  }
  const fetched: Fetched = {
    httpStatus: first.page.status,
    durationMs: Date.now() - started,
    etag: first.page.etag ?? monitor.etag,
    lastModified: first.page.lastModified ?? monitor.lastModified,
    bodyHash: first.kind === "not_modified" ? monitor.bodyHash : `${first.bodyHash}:${key}`,
  };
  try {
    if (first.kind === "not_modified" && hasPrevious) return { ...fetched, kind: "not_modified" };
    if (first.kind === "same_body" && hasPrevious) return { ...fetched, kind: "same_body" };
    if (first.kind === "unchanged") {
      const { facts, comparison } = first;
      if (facts.scopeMatched === false) return { ...fetched, kind: "error", error: scopeMissed(monitor) };
      // The bytes differ and nothing visible does (a token in a form or a script, say): a second read's
      // bytes show what varies now, so the next such check is not parsed (when, shouldLearnBodyTokens).
      const bodyNoise = learnBodyTokens && first.body ? await bytesOnlyNoiseOf(first.body) : null;
      if (bodyNoise) fetched.bodyHash = `${bodyNoise.hash}:${key}`;
      // The lines are still learned at the first visible difference.
      const learned = bodyNoise && {
        learnedNoise: withBodyTokens(storedNoise ?? emptyLearnedNoise(), bodyNoise.tokens, {
          learnedAt,
          linesUnlearned: linesToLearn,
        }),
      };
      return {
        ...fetched,
        ...learned,
        durationMs: Date.now() - started,
        kind: "unchanged",
        facts,
        rebase: false,
        fingerprint: comparison.fingerprint,
        ignored: comparison.ignored ?? null,
      };
    }
    if (first.kind !== "snapshot") throw new Error("The page gave no content to compare.");
    // The new version: its snapshot, or (when the engine's job compared or fingerprinted it) its stored form.
    const { version, page } = first;
    const judged = first.comparison;
    let previous: PreviousVersion | null = null;
    const previousVersion = async () => {
      previous ??= await loadPrevious();
      if (!previous) throw new Error("The stored version of the page could not be read.");
      return previous;
    };
    if (!judged && hasPrevious) previous = await loadPrevious();
    if (factsOfVersion(version).scopeMatched === false)
      return { ...fetched, kind: "error", error: scopeMissed(monitor) };
    if (!judged && !previous) {
      // One fetch: noise is learned later, from a second fetch at the first check that sees a difference.
      return {
        ...fetched,
        kind: "baseline",
        version,
        screenshot: page.screenshot,
        fingerprint:
          first.fingerprint ?? (await engine.fingerprint(versionForJob(version), fingerprintOptions)),
      };
    }
    const compare = async (learnedNoise: LearnedNoise | null) => {
      const before = await previousVersion();
      return engine.compare(before.snapshot, versionForJob(version), {
        ...compareOptions(monitor, learnedNoise),
        screenshots:
          before.screenshot && page.screenshot ? { before: before.screenshot, after: page.screenshot } : null,
      });
    };
    let compared = judged ?? (await compare(storedNoise));
    let learned: LearnedNoise | undefined;
    if (compared.changed && linesToLearn) {
      // The first difference since the baseline: whatever differs between two back-to-back fetches
      // is volatile. Learn it once, then judge the difference without it.
      // A second fetch that fails leaves the difference to be judged without learned noise.
      const again = await read({ firstBodyHash: first.bodyHash }).catch(() => null);
      if (again?.kind === "same_body") {
        // The same bytes twice in a row: nothing on the page is volatile, and the second read is not
        // parsed (learning from two equal reads finds nothing). The difference is judged as it was.
        learned = withBodyTokens(emptyLearnedNoise(), bodyTokens, { learnedAt });
      } else if (again?.kind === "snapshot") {
        // Learned and judged where the reads were extracted: the stored version is not parsed here.
        const packed = judged && compareWith ? await compareWith.load() : null;
        if (packed) {
          ({ learnedNoise: learned, result: compared } = await engine.learnNoiseAndCompare(
            versionForJob(version),
            versionForJob(again.version),
            packed,
            compareOptions(monitor, null),
          ));
        } else {
          learned = await engine.learnNoise(versionForJob(version), versionForJob(again.version), null);
          compared = await compare(learned);
        }
        if (first.body && again.body) {
          // This version's hash leaves the bytes' noise out from now on, like the next checks' hashes.
          const bodyNoise = bodyNoiseOf(first.body, again.body);
          learned = withBodyTokens(learned, bodyNoise.tokens, { learnedAt });
          fetched.bodyHash = `${bodyNoise.hash}:${key}`;
        }
        releaseBytes([again.page.bytes, again.body]);
      }
    }
    const result =
      compared.changed && settings.ai
        ? await refineWithAI(compared, { ...settings.ai, criteria: monitor.aiCriteria })
        : compared;
    const noise = learned ? { learnedNoise: learned } : {};
    const done = { ...fetched, durationMs: Date.now() - started };
    if (!result.changed || result.flipFlop) {
      return {
        ...done,
        kind: "unchanged",
        version,
        rebase: result.flipFlop,
        fingerprint: result.fingerprint,
        ignored: result.ignored ?? null,
        ...noise,
      };
    }
    return { ...done, kind: "changed", version, screenshot: page.screenshot, result, ...noise };
  } catch (error) {
    return failure(error, started, first.page.status);
  } finally {
    // The reads' bytes are done with (a worker pool took the parsed ones over already).
    releaseBytes([first.page.bytes, "body" in first ? first.body : undefined]);
  }
}

function scopeMissed(monitor: MonitorRow): string {
  return `The selector "${monitor.selector}" matched nothing on the page.`;
}

/** The facts of the version a check saw (title, price, availability), when it read the page. */
export function factsOf(outcome: PageCheckOutcome): SnapshotFacts | null {
  if ("facts" in outcome) return outcome.facts;
  return "version" in outcome ? factsOfVersion(outcome.version) : null;
}

function compareOptions(monitor: MonitorRow, learnedNoise: LearnedNoise | null): CompareOptions {
  return {
    watch: monitor.watch,
    ignore: monitor.ignoreRules,
    conditions: monitor.conditions.map(toEngineCondition),
    learnedNoise,
    recentFingerprints: monitor.recentFingerprints,
    sensitivity: monitor.sensitivity,
  };
}

/** The session of a rendered monitor with browser steps; null for every other monitor. */
async function browserSessionOf(
  monitor: MonitorRow,
  settings: FetchSettings,
): Promise<BrowserSession | null> {
  if (!monitor.renderJs || monitor.browserSteps.length === 0 || !settings.browserSessions) return null;
  return settings.browserSessions.open(monitor);
}

/** The stored hash when it was taken under the same settings, else null (parse again). */
function bodyHashOf(stored: string | null, key: string): string | null {
  if (!stored) return null;
  const [hash, storedKey] = stored.split(":");
  return storedKey === key ? hash : null;
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
    bodyHash: null,
  };
}

/** Links and images resolve against the URL the page was finally served from (after redirects). */
export { extractInputOf as extractInput } from "@changeradar/engine";
