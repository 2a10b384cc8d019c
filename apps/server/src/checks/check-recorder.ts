import type { Snapshot } from "@changeradar/engine";
import { enqueueChangeAlerts, enqueueMonitorHealthAlert, notifyLive } from "../alerts/outbox";
import { LIVE_EVENTS_CHANNEL, liveEventPayload } from "../alerts/outbox.repository";
import type { Database } from "../db";
import type { LatestFacts, MonitorRow } from "../db/schema/monitors";
import { putBlob, putJsonBlob } from "./blob-store";
import { type CheckTiming, nextCheckAfterFailure, nextCheckAfterSuccess } from "./check-timing";
import * as repo from "./checks.repository";
import type { PageCheckOutcome } from "./page-check";
import { recordQuietCheck } from "./quiet-check.repository";
import { storedDiff } from "./stored-diff";

const RECENT_FINGERPRINTS = 5;

/** Thrown when the lease ran out and another worker owns the monitor now: this check's result is dropped. */
export class LeaseLost extends Error {
  constructor(monitorId: string) {
    super(`Lease on monitor ${monitorId} was lost; the check is discarded`);
  }
}

export type RecordedStatus = "unchanged" | "not_modified" | "changed" | "error";

/** What was stored: the status, and the id of the new snapshot when one was stored. */
export interface RecordedCheck {
  status: RecordedStatus;
  snapshotId: string | null;
}

/**
 * Stores one check's outcome in ONE short transaction: the check row, the new snapshot, the change and
 * its alerts (the outbox), the price point, the monitor's state and the released lease. Blobs are
 * written before it (content-addressed, so a crash leaves at most an orphan the retention job removes).
 */
export async function recordCheck(
  db: Database,
  monitor: MonitorRow,
  outcome: PageCheckOutcome,
  ctx: { owner: string; startedAt: Date; timing: CheckTiming },
): Promise<RecordedCheck> {
  const now = new Date();
  const blobs = await writeBlobs(db, outcome);
  const status = statusOf(outcome);

  const state = monitorState(monitor, outcome, now, ctx.timing);
  if (isQuiet(monitor, outcome, state)) {
    const recorded = await recordQuietCheck(db, {
      monitorId: monitor.id,
      owner: ctx.owner,
      state,
      check: {
        startedAt: ctx.startedAt,
        durationMs: outcome.durationMs,
        status,
        httpStatus: outcome.httpStatus,
        error: outcome.kind === "error" ? outcome.error : null,
      },
      price: "snapshot" in outcome && outcome.snapshot.price ? { at: now, ...outcome.snapshot.price } : null,
      live: {
        channel: LIVE_EVENTS_CHANNEL,
        payload: liveEventPayload(monitor.userId, {
          type: "check",
          monitorId: monitor.id,
          status,
          at: now.toISOString(),
        }),
      },
    });
    if (!recorded) throw new LeaseLost(monitor.id);
    return { status, snapshotId: null };
  }

  let snapshotId: string | null = null;
  await db.transaction(async (tx) => {
    if (blobs.content && "snapshot" in outcome) {
      snapshotId = await repo.insertSnapshot(tx, {
        monitorId: monitor.id,
        takenAt: now,
        contentBlobId: blobs.content,
        screenshotBlobId: blobs.screenshot,
        fingerprint: "fingerprint" in outcome ? outcome.fingerprint : outcome.result.fingerprint,
      });
      state.latestSnapshotId = snapshotId;
    }
    const updated = await repo.finishMonitor(tx, monitor.id, ctx.owner, state);
    if (!updated) throw new LeaseLost(monitor.id);

    await repo.insertCheck(tx, {
      monitorId: monitor.id,
      startedAt: ctx.startedAt,
      durationMs: outcome.durationMs,
      status,
      httpStatus: outcome.httpStatus,
      error: outcome.kind === "error" ? outcome.error : null,
    });
    if ("snapshot" in outcome && outcome.snapshot.price) {
      await repo.insertPricePoint(tx, monitor.id, now, outcome.snapshot.price);
    }
    if (outcome.kind === "changed") {
      const { result } = outcome;
      const changeId = await repo.insertChange(tx, {
        monitorId: monitor.id,
        detectedAt: now,
        kinds: result.kinds,
        summary: result.summary,
        significance: Math.round(result.significance),
        diff: storedDiff(result.diffs),
        beforeSnapshotId: monitor.latestSnapshotId,
        afterSnapshotId: snapshotId,
        diffImageBlobId: blobs.diffImage,
        diffPercent: result.diffs.visual?.percent ?? null,
        priceBefore: result.diffs.price?.before?.amount ?? null,
        priceAfter: result.diffs.price?.after?.amount ?? null,
        currency: result.diffs.price?.after?.currency ?? result.diffs.price?.before?.currency ?? null,
        alerted: result.alert,
      });
      if (result.alert) {
        await enqueueChangeAlerts(tx, {
          userId: monitor.userId,
          monitor: alertMonitor(updated),
          change: {
            id: changeId,
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
    await healthAlerts(tx, monitor, updated, outcome);
    await notifyLive(tx, monitor.userId, {
      type: "check",
      monitorId: monitor.id,
      status,
      at: now.toISOString(),
    });
  });
  return { status, snapshotId };
}

function statusOf(outcome: PageCheckOutcome): RecordedStatus {
  if (outcome.kind === "baseline" || outcome.kind === "same_body") return "unchanged";
  return outcome.kind;
}

/** Nothing to store but the check: no new version, no change, no alert to send. */
function isQuiet(monitor: MonitorRow, outcome: PageCheckOutcome, state: repo.MonitorState): boolean {
  if (outcome.kind === "error") return !(state.failingAlerted && !monitor.failingAlerted);
  if (monitor.failingAlerted) return false;
  return (
    outcome.kind === "not_modified" ||
    outcome.kind === "same_body" ||
    (outcome.kind === "unchanged" && !outcome.rebase)
  );
}

function monitorState(
  monitor: MonitorRow,
  outcome: PageCheckOutcome,
  now: Date,
  timing: CheckTiming,
): repo.MonitorState {
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
  const state: repo.MonitorState = {
    lastCheckedAt: now,
    lastError: null,
    consecutiveFailures: 0,
    failingAlerted: false,
    nextCheckAt: nextCheckAfterSuccess(now, monitor.frequency, timing),
    etag: outcome.etag,
    lastModified: outcome.lastModified,
  };
  if (outcome.kind === "not_modified") return state;
  // Same bytes as last time: only the schedule moves (no facts, hash or price to write again).
  if (outcome.kind === "same_body") return state;
  state.bodyHash = outcome.bodyHash;
  state.latest = latestFacts(outcome.snapshot);
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

async function healthAlerts(
  tx: Database,
  before: MonitorRow,
  after: repo.FinishedMonitor,
  outcome: PageCheckOutcome,
): Promise<void> {
  if (outcome.kind === "error" && after.failingAlerted && !before.failingAlerted) {
    await enqueueMonitorHealthAlert(tx, {
      userId: after.userId,
      monitor: alertMonitor(after),
      kind: "failing",
      reason: outcome.error,
      consecutiveFailures: after.consecutiveFailures,
    });
  }
  if (outcome.kind !== "error" && before.failingAlerted) {
    await enqueueMonitorHealthAlert(tx, {
      userId: after.userId,
      monitor: alertMonitor(after),
      kind: "recovered",
      reason: "The page can be checked again.",
      consecutiveFailures: before.consecutiveFailures,
    });
  }
}

async function writeBlobs(db: Database, outcome: PageCheckOutcome) {
  const stores =
    outcome.kind === "baseline" ||
    outcome.kind === "changed" ||
    (outcome.kind === "unchanged" && outcome.rebase);
  if (!stores) return { content: null, screenshot: null, diffImage: null };
  const screenshot =
    "screenshot" in outcome && outcome.screenshot ? await putBlob(db, outcome.screenshot, "image/png") : null;
  const visual = outcome.kind === "changed" ? outcome.result.diffs.visual : null;
  return {
    content: await putJsonBlob(db, outcome.snapshot),
    screenshot,
    diffImage: visual ? await putBlob(db, visual.diffPng, "image/png") : null,
  };
}

export function latestFacts(snapshot: Snapshot): LatestFacts {
  return {
    title: snapshot.title,
    price: snapshot.price ? { amount: snapshot.price.amount, currency: snapshot.price.currency } : null,
    availability: snapshot.availability,
  };
}

function alertMonitor(row: repo.FinishedMonitor) {
  return { id: row.id, url: row.url, name: row.name, channelIds: row.channelIds };
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
