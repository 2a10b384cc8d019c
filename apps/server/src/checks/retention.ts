import { sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database } from "../db";
import { checks as checksTable } from "../db/schema/checks";
import { aliasPlanColumns, historyDaysSql } from "../entitlements/entitlements.repository";
import { type BackgroundTask, intervalTask } from "../tasks/background-task";
import { deleteOrphanBlobs } from "./blob-store";
import { lastStartedAt } from "./check-counts";

export interface RetentionResult {
  checks: number;
  changes: number;
  snapshots: number;
  pricePoints: number;
  blobs: number;
}

const affected = (result: unknown) => {
  const r = result as { affectedRows?: number; rowCount?: number | null };
  return r.affectedRows ?? r.rowCount ?? 0;
};

/**
 * Removes history older than the plan in force of each user allows (DECISIONS: plan gates). A monitor's latest snapshot
 * is never removed, nor one a kept change still points at; then blobs nothing refers to are deleted. A run
 * of checks, or of one price, goes when its last check is past the window.
 * Each statement is its own short transaction (PGlite is one connection).
 */
export async function applyRetention(db: Database, now: Date): Promise<RetentionResult> {
  const keepDays = historyDaysSql(aliasPlanColumns("u"), now); // the plan in force's window
  const cutoff = sql`(${now.toISOString()}::timestamptz - make_interval(days => ${keepDays}))`;
  const checks = affected(
    await db.execute(sql`delete from ${checksTable} using monitors m, users u
      where ${checksTable.monitorId} = m.id and m.user_id = u.id and ${lastStartedAt} < ${cutoff}`),
  );
  const changes = affected(
    await db.execute(sql`delete from changes c using monitors m, users u
      where c.monitor_id = m.id and m.user_id = u.id and c.detected_at < ${cutoff}`),
  );
  const pricePoints = affected(
    await db.execute(sql`delete from price_points p using monitors m, users u
      where p.monitor_id = m.id and m.user_id = u.id
        and coalesce(p.last_seen_at, p.at) < ${cutoff}`),
  );
  const snapshots = affected(
    await db.execute(sql`delete from snapshots s using monitors m, users u
      where s.monitor_id = m.id and m.user_id = u.id and s.taken_at < ${cutoff}
        and s.id is distinct from m.latest_snapshot_id
        and not exists (select 1 from changes c where c.before_snapshot_id = s.id or c.after_snapshot_id = s.id)`),
  );
  const blobs = await deleteOrphanBlobs(db, now);
  return { checks, changes, snapshots, pricePoints, blobs };
}

const DAY_MS = 86_400_000;

/** The daily retention job as a background task; the clock is injectable for tests. */
export function retentionTask(
  db: Database,
  clock: Clock,
  log: (message: string, detail?: unknown) => void,
  intervalMs = DAY_MS,
): BackgroundTask {
  return intervalTask(
    "retention",
    intervalMs,
    async () => {
      const result = await applyRetention(db, clock.now());
      log("Retention removed old history", result);
    },
    (error) => log("Retention failed", error),
  );
}
