import { enqueueChangeAlerts, enqueueMonitorHealthAlert, notifyLive } from "../alerts/outbox";
import { LIVE_EVENTS_CHANNEL, liveEventPayload } from "../alerts/outbox.repository";
import type { Database } from "../db";
import type { MonitorRow } from "../db/schema/monitors";
import { putBlob, putJsonBlob } from "./blob-store";
import { type CheckPlan, isQuiet, type PlanContext, planRecord, type RecordedStatus } from "./check-plan";
import * as repo from "./checks.repository";
import type { PageCheckOutcome } from "./page-check";
import { recordQuietCheck } from "./quiet-check.repository";
import { storageFailure } from "./storage-failure";

export type { RecordedStatus } from "./check-plan";

/** Thrown when the lease ran out and another worker owns the monitor now: this check's result is dropped. */
export class LeaseLost extends Error {
  constructor(monitorId: string) {
    super(`Lease on monitor ${monitorId} was lost; the check is discarded`);
  }
}

/** What was stored: the status, and the id of the new snapshot when one was stored. */
export interface RecordedCheck {
  status: RecordedStatus;
  snapshotId: string | null;
}

/**
 * Plans a check's writes (`planRecord`) and stores them. A check whose data the database refuses for good
 * (storage-failure.ts) is stored as a check error instead, so it is not retried after every lease.
 */
export async function recordCheck(
  db: Database,
  monitor: MonitorRow,
  outcome: PageCheckOutcome,
  ctx: PlanContext & { owner: string },
): Promise<RecordedCheck> {
  const now = new Date();
  try {
    return await writePlan(db, planRecord(monitor, outcome, now, ctx), ctx.owner);
  } catch (error) {
    const reason = storageFailure(error);
    if (!reason) throw error;
    const failed: PageCheckOutcome = {
      kind: "error",
      error: reason,
      httpStatus: outcome.httpStatus,
      durationMs: outcome.durationMs,
      etag: null,
      lastModified: null,
      bodyHash: null,
    };
    return writePlan(db, planRecord(monitor, failed, now, ctx), ctx.owner);
  }
}

/**
 * Stores one plan in ONE short transaction: the check row, the new snapshot, the change and its alerts
 * (the outbox), the price point, the monitor's state and the released lease. Blobs are written before it
 * (content-addressed, so a crash leaves at most an orphan the retention job removes).
 */
async function writePlan(db: Database, plan: CheckPlan, owner: string): Promise<RecordedCheck> {
  const { status } = plan.check;
  if (isQuiet(plan)) {
    const recorded = await recordQuietCheck(db, {
      monitorId: plan.monitorId,
      owner,
      state: plan.state,
      check: plan.check,
      price: plan.price,
      live: { channel: LIVE_EVENTS_CHANNEL, payload: liveEventPayload(plan.userId, plan.live) },
    });
    if (!recorded) throw new LeaseLost(plan.monitorId);
    return { status, snapshotId: null };
  }

  const blobs = await writeBlobs(db, plan);
  let snapshotId: string | null = null;
  await db.transaction(async (tx) => {
    const state = { ...plan.state };
    if (plan.store && blobs.content) {
      snapshotId = await repo.insertSnapshot(tx, {
        monitorId: plan.monitorId,
        takenAt: plan.store.takenAt,
        contentBlobId: blobs.content,
        screenshotBlobId: blobs.screenshot,
        fingerprint: plan.store.fingerprint,
      });
      state.latestSnapshotId = snapshotId;
    }
    const updated = await repo.finishMonitor(tx, plan.monitorId, owner, state);
    if (!updated) throw new LeaseLost(plan.monitorId);

    await repo.insertCheck(tx, { monitorId: plan.monitorId, ...plan.check });
    if (plan.price) await repo.insertPricePoint(tx, plan.monitorId, plan.price.at, plan.price);
    let changeId: string | null = null;
    if (plan.change) {
      changeId = await repo.insertChange(tx, {
        ...plan.change,
        monitorId: plan.monitorId,
        afterSnapshotId: snapshotId,
        diffImageBlobId: blobs.diffImage,
      });
    }
    const monitor = alertMonitor(updated);
    for (const alert of plan.alerts) {
      if (alert.kind === "change") {
        if (!changeId) throw new Error("A change alert needs its change row");
        await enqueueChangeAlerts(tx, {
          userId: plan.userId,
          monitor,
          change: { id: changeId, ...alert.change },
        });
      } else {
        await enqueueMonitorHealthAlert(tx, {
          userId: plan.userId,
          monitor,
          kind: alert.kind,
          reason: alert.reason,
          consecutiveFailures: alert.consecutiveFailures,
        });
      }
    }
    await notifyLive(tx, plan.userId, plan.live);
  });
  return { status, snapshotId };
}

async function writeBlobs(db: Database, plan: CheckPlan) {
  const { store } = plan;
  if (!store) return { content: null, screenshot: null, diffImage: null };
  return {
    content: await putJsonBlob(db, store.snapshot),
    screenshot: store.screenshot ? await putBlob(db, store.screenshot, "image/png") : null,
    diffImage: store.diffImage ? await putBlob(db, store.diffImage, "image/png") : null,
  };
}

function alertMonitor(row: repo.FinishedMonitor) {
  return { id: row.id, url: row.url, name: row.name, channelIds: row.channelIds };
}
