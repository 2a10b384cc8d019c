import { randomUUID } from "node:crypto";
import { type PackedSnapshot, storedSnapshotJson } from "@changeradar/engine";
import { changeAlert, enqueueAlerts, healthAlert, type QueuedAlert } from "../alerts/outbox";
import type { Database } from "../db";
import type { MonitorRow } from "../db/schema/monitors";
import { type BlobInput, type EncodedBlobInput, putEncodedBlobs } from "./blob-store";
import { type BatchRow, finishChecks } from "./check-batch.repository";
import {
  type CheckPlan,
  isQuiet,
  type PlanContext,
  type PlannedAlert,
  type PlannedStore,
  planRecord,
  type RecordedStatus,
} from "./check-plan";
import * as repo from "./checks.repository";
import type { PageCheckOutcome } from "./page-check";
import { storageFailure } from "./storage-failure";

/** Thrown when the lease ran out and another worker owns the monitor now: this check's result is dropped. */
export class LeaseLost extends Error {
  constructor(monitorId: string) {
    super(`Lease on monitor ${monitorId} was lost; the check is discarded`);
  }
}

/**
 * What was stored: the status, the id of the new snapshot when one was stored, and whether "check now"
 * was pressed while the check ran (the monitor is due again at once).
 */
export interface RecordedCheck {
  status: RecordedStatus;
  snapshotId: string | null;
  /** The new snapshot's JSON as stored (compressed), for the snapshot cache; only when one was stored. */
  packed?: PackedSnapshot;
  askedAgain: boolean;
}

/** Records plans for one lease owner; `write` resolves once its plan is committed. */
export interface CheckWriter {
  write(plan: CheckPlan): Promise<RecordedCheck>;
}

export const MAX_BATCH = 64;

/**
 * A batch's statement costs PGlite about 11 ms of the main thread whether it writes 2 checks or 10; at 50 ms,
 * a worker checking ~50 pages a second wrote 5 a batch (issue 11: 500 batches for 2,500 checks). A lone
 * check never waits (see `full`), so one "check now" shows its result as soon as it is written.
 */
export const LINGER_MS = 300;

export interface CheckWriterOptions {
  /** The writer's checks in flight, planned or not (the worker's): those not planned yet may join a batch. */
  running?: () => number;
  /**
   * The longest a batch waits for the checks still running to join it (default LINGER_MS). A check waiting
   * here holds no slot (check-worker.ts).
   */
  lingerMs?: number;
  /** How the writer waits (tests count the waits instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Pending {
  plan: CheckPlan;
  resolve(recorded: RecordedCheck): void;
  reject(error: unknown): void;
}

/**
 * One writer per worker. A batch waits (at most `lingerMs`) while checks that are still running may join
 * it, and plans that arrive while a batch is being written join the next one (at most MAX_BATCH per
 * transaction): one statement for every plan's state, check row, price point and live event, then the
 * versions, changes and alerts of the few plans that have them. A batch the database refuses for good is
 * written again plan by plan, so one bad plan fails alone.
 */
export function createCheckWriter(
  db: Database,
  owner: string,
  options: CheckWriterOptions = {},
): CheckWriter {
  const running = options.running ?? (() => 0);
  const lingerMs = options.lingerMs ?? LINGER_MS;
  const sleep = options.sleep ?? sleepFor;
  const queue: Pending[] = [];
  let writing = false;
  /** Ends the linger early: every check running has planned, or the batch is full. */
  let joined: (() => void) | null = null;
  const full = () => queue.length >= Math.min(MAX_BATCH, running());

  async function linger(): Promise<void> {
    // Checks whose plans were just written end first (their promise chains run before the next macrotask).
    await new Promise((resolve) => setImmediate(resolve));
    if (full()) return;
    await Promise.race([sleep(lingerMs), new Promise<void>((resolve) => (joined = resolve))]);
    joined = null;
  }

  async function drain(): Promise<void> {
    writing = true;
    while (queue.length > 0) {
      await linger();
      const batch = takeBatch(queue);
      await writeBatch(batch).catch(async (error) => {
        if (batch.length > 1 && storageFailure(error)) {
          for (const one of batch) await writeBatch([one]).catch(one.reject);
        } else {
          for (const one of batch) one.reject(error);
        }
      });
    }
    writing = false;
  }

  async function writeBatch(batch: Pending[]): Promise<void> {
    const stored = await writeBlobs(
      db,
      batch.map(({ plan }) => plan),
    );
    const rows: BatchRow[] = batch.map(({ plan }, i) => {
      const snapshotId = stored[i]?.snapshotId;
      return { plan, state: snapshotId ? { ...plan.state, latestSnapshotId: snapshotId } : plan.state };
    });
    const record = async (tx: Database) => {
      const finished = await finishChecks(tx, owner, rows);
      await writeVersionsAndAlerts(
        tx,
        batch.flatMap(({ plan }, i) => {
          const monitor = finished.get(i);
          return monitor && !isQuiet(plan) ? [{ plan, monitor, stored: stored[i] }] : [];
        }),
      );
      return batch.map(({ plan }, i): RecordedCheck | LeaseLost => {
        const monitor = finished.get(i);
        if (!monitor) return new LeaseLost(plan.monitorId);
        return {
          status: plan.check.status,
          snapshotId: stored[i]?.snapshotId ?? null,
          ...(stored[i] ? { packed: stored[i].packed } : {}),
          askedAgain: monitor.askedAgain,
        };
      });
    };
    // A batch of quiet plans is one statement, atomic on its own: a transaction would only add two.
    const results = batch.every(({ plan }) => isQuiet(plan))
      ? await record(db)
      : await db.transaction(record);
    batch.forEach((pending, i) => {
      const result = results[i];
      if (result instanceof LeaseLost) pending.reject(result);
      else pending.resolve(result);
    });
  }

  return {
    write(plan) {
      return new Promise<RecordedCheck>((resolve, reject) => {
        queue.push({ plan, resolve, reject });
        if (!writing) void drain();
        else if (joined && full()) joined();
      });
    },
  };
}

/** Up to MAX_BATCH plans, at most one per monitor (a second one waits for the next batch). */
function takeBatch(queue: Pending[]): Pending[] {
  const batch: Pending[] = [];
  const monitors = new Set<string>();
  for (let i = 0; i < queue.length && batch.length < MAX_BATCH; ) {
    const { monitorId } = queue[i].plan;
    if (monitors.has(monitorId)) {
      i++;
      continue;
    }
    monitors.add(monitorId);
    batch.push(...queue.splice(i, 1));
  }
  return batch;
}

interface StoredBlobs {
  snapshotId: string;
  content: string;
  packed: PackedSnapshot;
  screenshot: string | null;
  diffImage: string | null;
}

/**
 * The batch's blobs go first, in one statement outside the transaction (content-addressed: a crash
 * leaves an orphan retention removes). Answers, by plan, what was stored (null: a plan that stores nothing).
 */
async function writeBlobs(db: Database, plans: readonly CheckPlan[]): Promise<(StoredBlobs | null)[]> {
  const inputs: (BlobInput | EncodedBlobInput)[] = [];
  const add = (bytes: Uint8Array | null, contentType: string) =>
    bytes ? inputs.push({ bytes, contentType }) - 1 : null;
  const addSnapshot = ({ version }: PlannedStore) =>
    inputs.push(
      "encoded" in version
        ? {
            contentType: "application/json",
            id: version.encoded.sha256,
            size: version.encoded.size,
            data: version.encoded.gzip,
            encoding: "gzip",
          }
        : { contentType: "application/json", bytes: storedSnapshotJson(version.snapshot) },
    ) - 1;
  const positions = plans.map(({ store }) =>
    store
      ? {
          content: addSnapshot(store),
          screenshot: add(store.screenshot, "image/png"),
          diffImage: add(store.diffImage, "image/png"),
        }
      : null,
  );
  const stored = await putEncodedBlobs(db, inputs);
  const idAt = (position: number | null) => (position === null ? null : stored[position].id);
  return positions.map((at) =>
    at
      ? {
          snapshotId: randomUUID(),
          content: stored[at.content].id,
          packed: { json: stored[at.content].data, encoding: stored[at.content].encoding },
          screenshot: idAt(at.screenshot),
          diffImage: idAt(at.diffImage),
        }
      : null,
  );
}

/** A plan with more than the quiet writes, whose monitor the batch's update finished. */
interface Finished {
  plan: CheckPlan;
  monitor: repo.FinishedMonitor;
  stored: StoredBlobs | null;
}

/** The versions, changes and alerts of a batch: one statement each, whatever the number of plans. */
async function writeVersionsAndAlerts(tx: Database, finished: readonly Finished[]): Promise<void> {
  if (finished.length === 0) return;
  await repo.insertSnapshots(
    tx,
    finished.flatMap(({ plan, stored }) =>
      plan.store && stored
        ? [
            {
              id: stored.snapshotId,
              monitorId: plan.monitorId,
              takenAt: plan.store.takenAt,
              contentBlobId: stored.content,
              screenshotBlobId: stored.screenshot,
              fingerprint: plan.store.fingerprint,
            },
          ]
        : [],
    ),
  );
  const changeIds = finished.map(({ plan }) => (plan.change ? randomUUID() : null));
  await repo.insertChanges(
    tx,
    finished.flatMap(({ plan, stored }, i) =>
      plan.change
        ? [
            {
              ...plan.change,
              id: changeIds[i] ?? undefined,
              monitorId: plan.monitorId,
              afterSnapshotId: stored?.snapshotId ?? null,
              diffImageBlobId: stored?.diffImage ?? null,
            },
          ]
        : [],
    ),
  );
  await enqueueAlerts(
    tx,
    finished.flatMap(({ plan, monitor }, i) =>
      plan.alerts.map((alert) => queuedAlert(plan, monitor, alert, changeIds[i])),
    ),
  );
}

function queuedAlert(
  plan: CheckPlan,
  finished: repo.FinishedMonitor,
  alert: PlannedAlert,
  changeId: string | null,
): QueuedAlert {
  const monitor = {
    id: finished.id,
    url: finished.url,
    name: finished.name,
    channelIds: finished.channelIds,
  };
  if (alert.kind !== "change") {
    return healthAlert({
      userId: plan.userId,
      monitor,
      kind: alert.kind,
      reason: alert.reason,
      consecutiveFailures: alert.consecutiveFailures,
    });
  }
  if (!changeId) throw new Error("A change alert needs its change row");
  return changeAlert({ userId: plan.userId, monitor, change: { id: changeId, ...alert.change } });
}

/**
 * Plans a check's writes and records them. A check whose data the database refuses for good
 * (storage-failure.ts) is recorded as a check error instead, so it is not retried after every lease.
 */
export async function recordCheck(
  writer: CheckWriter,
  monitor: MonitorRow,
  outcome: PageCheckOutcome,
  now: Date,
  ctx: PlanContext,
): Promise<RecordedCheck> {
  try {
    return await writer.write(planRecord(monitor, outcome, now, ctx));
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
    return writer.write(planRecord(monitor, failed, now, ctx));
  }
}
