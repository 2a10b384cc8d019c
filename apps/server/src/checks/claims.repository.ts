import { and, asc, eq, inArray, isNull, lt, lte, not, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../db";
import { checks } from "../db/schema/checks";
import { type MonitorRow, monitors } from "../db/schema/monitors";

/**
 * The scheduler's claims (DESIGN §2). A claim takes due monitors with FOR UPDATE SKIP LOCKED, so two
 * workers never take the same row, and stamps a lease: a worker that dies leaves the lease to expire and
 * the check is claimed again. The due predicate matches the partial index `monitors_due_idx`.
 */
const leaseInterval = (now: Date, leaseMs: number) =>
  sql`${now.toISOString()}::timestamptz + make_interval(secs => ${leaseMs / 1000})`;
const leaseFree = (now: Date) => or(isNull(monitors.leaseUntil), lt(monitors.leaseUntil, now));

export async function claimDueMonitors(
  db: Database,
  owner: string,
  limit: number,
  leaseMs: number,
  /** Hosts at their limit in this worker: their monitors stay due for a worker with a free permit. */
  skipHosts: readonly string[] = [],
  /** The worker's clock: what is due, and when leases end. */
  now: Date = new Date(),
): Promise<MonitorRow[]> {
  if (limit <= 0) return [];
  const due = db
    .select({ id: monitors.id })
    .from(monitors)
    .where(
      and(
        eq(monitors.paused, false),
        lte(monitors.nextCheckAt, now),
        leaseFree(now),
        skipHosts.length > 0 ? notInArray(monitors.host, [...skipHosts]) : undefined,
      ),
    )
    .orderBy(asc(monitors.nextCheckAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(monitors)
    .set({ leaseUntil: leaseInterval(now, leaseMs), leaseOwner: owner })
    .where(inArray(monitors.id, due))
    .returning();
  return rows.sort((a, b) => a.nextCheckAt.getTime() - b.nextCheckAt.getTime());
}

/**
 * Claims one monitor now, whatever its due time (first check, "check now"); null if another worker has
 * it, or if a check of it started at or after `askedAt` (the request is answered already: a scheduler
 * took the monitor while the request waited for a slot here).
 */
export async function claimMonitor(
  db: Database,
  id: string,
  owner: string,
  leaseMs: number,
  now: Date = new Date(),
  askedAt?: Date,
): Promise<MonitorRow | null> {
  const answered = askedAt
    ? sql`exists (select 1 from ${checks} where ${checks.monitorId} = ${monitors.id} and ${checks.startedAt} >= ${askedAt.toISOString()}::timestamptz)`
    : undefined;
  const [row] = await db
    .update(monitors)
    .set({ leaseUntil: leaseInterval(now, leaseMs), leaseOwner: owner })
    .where(
      and(
        eq(monitors.id, id),
        eq(monitors.paused, false),
        leaseFree(now),
        answered ? not(answered) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives claimed monitors back without checking them (graceful stop): they are due again at once. */
export async function releaseLeases(db: Database, ids: readonly string[], owner: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(monitors)
    .set({ leaseUntil: null, leaseOwner: null })
    .where(and(inArray(monitors.id, [...ids]), eq(monitors.leaseOwner, owner)));
}

/** Extends the leases this worker still holds on checks it is running (see the worker's renewal). */
export async function extendLeases(
  db: Database,
  ids: readonly string[],
  owner: string,
  leaseMs: number,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(monitors)
    .set({ leaseUntil: leaseInterval(now, leaseMs) })
    .where(and(inArray(monitors.id, [...ids]), eq(monitors.leaseOwner, owner)));
}

/** When the next unpaused monitor is due (an index lookup on `monitors_due_idx`). */
export async function nextDueAt(db: Database, now: Date = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ at: monitors.nextCheckAt })
    .from(monitors)
    .where(and(eq(monitors.paused, false), leaseFree(now)))
    .orderBy(asc(monitors.nextCheckAt))
    .limit(1);
  return row?.at ?? null;
}
