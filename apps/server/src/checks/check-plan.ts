import type { IgnoredNoiseCounts } from "@changeradar/contracts";
import type { NewVersion, SnapshotFacts } from "@changeradar/engine";
import type { LatestFacts, MonitorRow } from "../db/schema/monitors";
import { type CheckTiming, nextCheckAfterFailure, nextCheckAfterSuccess } from "./check-timing";
import type { MonitorState, NewChange } from "./checks.repository";
import { factsOf, type PageCheckOutcome } from "./page-check";
import { storedDiff } from "./stored-diff";

const RECENT_FINGERPRINTS = 5;

export type RecordedStatus = "unchanged" | "not_modified" | "changed" | "error";

/** A new version of the page to store: its blobs and its snapshot row. */
export interface PlannedStore {
  takenAt: Date;
  /** Its snapshot (the writer encodes it), or its stored form as the engine's job made it. */
  version: NewVersion;
  screenshot: Uint8Array | null;
  fingerprint: string;
  /** The visual diff of a change, stored as a blob the change row points at. */
  diffImage: Uint8Array | null;
}

/** The change row, less what only the writer knows (the new snapshot's id). */
export type PlannedChange = Omit<NewChange, "monitorId" | "afterSnapshotId" | "diffImageBlobId">;

/** The alerts a check raises; the writer adds the monitor as the lease-guarded update returns it. */
export type PlannedAlert =
  | {
      kind: "change";
      change: {
        detectedAt: Date;
        kinds: readonly string[];
        summary: string;
        significance: number;
        diffExcerpt: { added: string[]; removed: string[] };
        price?: { before: string | null; after: string | null };
      };
    }
  | { kind: "failing" | "recovered"; reason: string; consecutiveFailures: number };

/**
 * Everything one check writes, decided without the database. "Quiet" (the common case) is a plan with
 * no store, no change and no alerts: only the state, the check row, a price point and the live event.
 */
export interface CheckPlan {
  monitorId: string;
  userId: string;
  check: {
    startedAt: Date;
    durationMs: number;
    status: RecordedStatus;
    httpStatus: number | null;
    error: string | null;
    /** What the noise filter hid, kinds with nothing left out; null (most checks) when nothing was. */
    ignored: IgnoredNoiseCounts | null;
  };
  state: MonitorState;
  /**
   * The monitor's "check now" mark when this check was claimed. A newer mark when the check is recorded
   * means the user asked again while it ran: the monitor is then due again at once (check-batch).
   */
  askedAt: Date | null;
  /**
   * The monitor's due time, stored version and last edit when this check was claimed. Only a user moves them while
   * it runs (an edit that needs a check or a new baseline, resuming, check now): the due time they set is
   * kept, and a baseline an edit reset is not replaced by this check's version of the old settings.
   */
  claimed: { dueAt: Date; baselineId: string | null; editedAt: Date };
  store?: PlannedStore;
  change?: PlannedChange;
  alerts: PlannedAlert[];
  price: { at: Date; amount: number; currency: string | null } | null;
  live: { type: "check"; monitorId: string; status: RecordedStatus; at: string };
}

export interface PlanContext {
  startedAt: Date;
  timing: CheckTiming;
  /** The schedule's jitter (Math.random by default). */
  random?: () => number;
}

export function isQuiet(plan: CheckPlan): boolean {
  return !plan.store && !plan.change && plan.alerts.length === 0;
}

export function planRecord(
  monitor: MonitorRow,
  outcome: PageCheckOutcome,
  now: Date,
  ctx: PlanContext,
): CheckPlan {
  const status = statusOf(outcome);
  const state = monitorState(monitor, outcome, now, ctx);
  const snapshot = factsOf(outcome);
  const plan: CheckPlan = {
    monitorId: monitor.id,
    userId: monitor.userId,
    check: {
      startedAt: ctx.startedAt,
      durationMs: outcome.durationMs,
      status,
      httpStatus: outcome.httpStatus,
      error: outcome.kind === "error" ? outcome.error : null,
      ignored: ignoredOf(outcome),
    },
    state,
    askedAt: monitor.manualCheckAt,
    claimed: {
      dueAt: monitor.nextCheckAt,
      baselineId: monitor.latestSnapshotId,
      editedAt: monitor.updatedAt,
    },
    alerts: healthAlerts(monitor, state, outcome),
    price: snapshot?.price
      ? { at: now, amount: snapshot.price.amount, currency: snapshot.price.currency }
      : null,
    live: { type: "check", monitorId: monitor.id, status, at: now.toISOString() },
  };
  const store = storeOf(outcome, now);
  if (store) plan.store = store;
  if (outcome.kind === "changed") {
    const { result } = outcome;
    plan.change = {
      detectedAt: now,
      kinds: result.kinds,
      summary: result.summary,
      significance: Math.round(result.significance),
      diff: storedDiff(result.diffs),
      beforeSnapshotId: monitor.latestSnapshotId,
      diffPercent: result.diffs.visual?.percent ?? null,
      priceBefore: result.diffs.price?.before?.amount ?? null,
      priceAfter: result.diffs.price?.after?.amount ?? null,
      currency: result.diffs.price?.after?.currency ?? result.diffs.price?.before?.currency ?? null,
      alerted: result.alert,
    };
    if (result.alert) {
      plan.alerts.unshift({
        kind: "change",
        change: {
          detectedAt: now,
          kinds: result.kinds,
          summary: result.summary,
          significance: Math.round(result.significance),
          diffExcerpt: diffExcerpt(result.diffs.text),
          ...(result.diffs.price ? { price: priceText(result.diffs.price) } : {}),
        },
      });
    }
  }
  return plan;
}

/** The noise filter's counts as a check row keeps them: only the kinds that hid something (a few bytes). */
function ignoredOf(outcome: PageCheckOutcome): IgnoredNoiseCounts | null {
  const found =
    outcome.kind === "unchanged"
      ? outcome.ignored
      : outcome.kind === "changed"
        ? outcome.result.ignored
        : null;
  if (!found) return null;
  const counts: IgnoredNoiseCounts = {};
  for (const kind of ["timestamps", "counters", "ids", "learned"] as const)
    if (found[kind]) counts[kind] = found[kind];
  if (found.rules.length > 0) counts.rules = found.rules;
  return counts;
}

function statusOf(outcome: PageCheckOutcome): RecordedStatus {
  if (outcome.kind === "baseline" || outcome.kind === "same_body") return "unchanged";
  return outcome.kind;
}

function storeOf(outcome: PageCheckOutcome, takenAt: Date): PlannedStore | null {
  switch (outcome.kind) {
    case "baseline":
      return {
        takenAt,
        version: outcome.version,
        screenshot: outcome.screenshot,
        fingerprint: outcome.fingerprint,
        diffImage: null,
      };
    case "unchanged":
      return outcome.rebase
        ? {
            takenAt,
            version: outcome.version,
            screenshot: null,
            fingerprint: outcome.fingerprint,
            diffImage: null,
          }
        : null;
    case "changed":
      return {
        takenAt,
        version: outcome.version,
        screenshot: outcome.screenshot,
        fingerprint: outcome.result.fingerprint,
        diffImage: outcome.result.diffs.visual?.diffPng ?? null,
      };
    default:
      return null;
  }
}

function monitorState(
  monitor: MonitorRow,
  outcome: PageCheckOutcome,
  now: Date,
  ctx: PlanContext,
): MonitorState {
  const { timing } = ctx;
  if (outcome.kind === "error") {
    const failures = monitor.consecutiveFailures + 1;
    return {
      lastCheckedAt: now,
      lastError: outcome.error,
      consecutiveFailures: failures,
      nextCheckAt: nextCheckAfterFailure(now, monitor.frequency, failures, timing),
      failingAlerted: monitor.failingAlerted || failures >= timing.failureThreshold,
    };
  }
  const state: MonitorState = {
    lastCheckedAt: now,
    lastError: null,
    consecutiveFailures: 0,
    failingAlerted: false,
    nextCheckAt: nextCheckAfterSuccess(now, monitor.frequency, timing, ctx.random),
    etag: outcome.etag,
    lastModified: outcome.lastModified,
  };
  // Not modified, or the same bytes as last time: only the schedule moves (no facts, hash or price).
  if (outcome.kind === "not_modified" || outcome.kind === "same_body") return state;
  state.bodyHash = outcome.bodyHash;
  const facts = factsOf(outcome);
  if (facts) state.latest = latestFacts(facts);
  if (outcome.kind === "baseline") {
    // Noise is learned again from this version's first difference.
    state.learnedNoise = null;
    state.recentFingerprints = [outcome.fingerprint];
  }
  if ((outcome.kind === "unchanged" || outcome.kind === "changed") && outcome.learnedNoise) {
    state.learnedNoise = outcome.learnedNoise;
  }
  if (outcome.kind === "changed") {
    state.lastChangeAt = now;
    state.recentFingerprints = [...monitor.recentFingerprints, outcome.result.fingerprint].slice(
      -RECENT_FINGERPRINTS,
    );
  }
  return state;
}

function healthAlerts(monitor: MonitorRow, state: MonitorState, outcome: PageCheckOutcome): PlannedAlert[] {
  if (outcome.kind === "error" && state.failingAlerted && !monitor.failingAlerted) {
    return [{ kind: "failing", reason: outcome.error, consecutiveFailures: state.consecutiveFailures ?? 0 }];
  }
  if (outcome.kind !== "error" && monitor.failingAlerted) {
    return [
      {
        kind: "recovered",
        reason: "The page can be checked again.",
        consecutiveFailures: monitor.consecutiveFailures,
      },
    ];
  }
  return [];
}

function latestFacts(snapshot: SnapshotFacts): LatestFacts {
  return {
    title: snapshot.title,
    price: snapshot.price ? { amount: snapshot.price.amount, currency: snapshot.price.currency } : null,
    availability: snapshot.availability,
  };
}

function diffExcerpt(lines: readonly { op: string; before?: string; after?: string }[]) {
  const added: string[] = [];
  const removed: string[] = [];
  for (const line of lines) {
    if ((line.op === "add" || line.op === "change") && line.after) added.push(line.after);
    if ((line.op === "remove" || line.op === "change") && line.before) removed.push(line.before);
  }
  return { added: added.slice(0, 10), removed: removed.slice(0, 10) };
}

function priceText(diff: {
  before: { amount: number; currency: string | null } | null;
  after: { amount: number; currency: string | null } | null;
}) {
  const text = (p: { amount: number; currency: string | null } | null) =>
    p ? `${p.currency ?? ""} ${p.amount}`.trim() : null;
  return { before: text(diff.before), after: text(diff.after) };
}
