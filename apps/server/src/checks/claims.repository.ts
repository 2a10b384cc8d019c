import {
  and,
  asc,
  eq,
  inArray,
  isNull,
  lt,
  notInArray,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { Database } from "../db";
import { checks } from "../db/schema/checks";
import { type MonitorRow, monitors } from "../db/schema/monitors";
import { lastStartedAt } from "./check-counts";
import { type HostPermits, saturatedHosts } from "./concurrency";

/**
 * The scheduler's claims (DESIGN §2). A claim takes due monitors with FOR UPDATE SKIP LOCKED, so two
 * workers never take the same row, and stamps a lease: a worker that dies leaves the lease to expire and
 * the check is claimed again. The due predicate matches the partial index `monitors_due_idx`.
 */
const leaseInterval = (now: Date, leaseMs: number) =>
  sql`${now.toISOString()}::timestamptz + make_interval(secs => ${leaseMs / 1000})`;
const leaseFree = (now: Date) => or(isNull(monitors.leaseUntil), lt(monitors.leaseUntil, now));
/**
 * Due by a worker's clock. That clock has milliseconds and the database's `now()` microseconds: a worker
 * reading 12:00:00.000 may be anywhere in that millisecond, so a monitor made due at 12:00:00.000500 by
 * "check now" is due to it (before, a claim in that millisecond left it for the next poll).
 */
const dueBy = (now: Date) => lt(monitors.nextCheckAt, new Date(now.getTime() + 1));

/** Unpaused, its lease free, and neither on a host at its limit here nor in flight here. */
const claimable = (now: Date, skipHosts: readonly string[], skipMonitors: readonly string[]) =>
  and(
    eq(monitors.paused, false),
    leaseFree(now),
    skipHosts.length > 0 ? notInArray(monitors.host, [...skipHosts]) : undefined,
    skipMonitors.length > 0 ? notInArray(monitors.id, [...skipMonitors]) : undefined,
  );

/** No per-host limit (a claim by tests or tools that start nothing themselves). */
export const unlimitedHosts: HostPermits = { perHost: Number.POSITIVE_INFINITY, inUse: new Map() };

/** How many more due monitors than the claim's limit it looks at, so that its hosts' limits can still fill it. */
const candidatesPerSlot = 4;

export async function claimDueMonitors(
  db: Database,
  owner: string,
  limit: number,
  leaseMs: number,
  /**
   * The worker's host permits: a host at its limit is left out (its monitors stay due for a worker with a free
   * permit), and no more of a host's monitors are claimed than it has permits free, so the worker never
   * gives claimed monitors back in a second statement and the claim's other rows fill the free slots.
   */
  hosts: HostPermits = unlimitedHosts,
  /** The worker's clock: what is due, and when leases end. */
  now: Date = new Date(),
  /**
   * Monitors whose check is still in flight in this worker (running, or its write not seen back yet):
   * a claim of one would take a lease no check runs under once that write has released its own.
   */
  skipMonitors: readonly string[] = [],
): Promise<MonitorRow[]> {
  if (limit <= 0) return [];
  const saturated = saturatedHosts(hosts);
  const claimableNow = and(claimable(now, saturated, skipMonitors), dueBy(now));
  // Only the chosen rows are locked; PostgreSQL checks each again once locked, so a row another worker
  // claimed meanwhile is left out.
  const chosen = Number.isFinite(hosts.perHost)
    ? and(
        inArray(monitors.id, withinHostPermits(candidates(claimableNow, limit), hosts, limit)),
        claimableNow,
      )
    : claimableNow;
  const due = db
    .select({ id: monitors.id })
    .from(monitors)
    .where(chosen)
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
 * The due monitors a claim chooses from by host, read without a lock. Locking them all wrote a lock record for
 * each (four per claimed check: about 230 B of log per unchanged check on PostgreSQL) and held candidates the
 * claim then left; only the chosen ones are locked now.
 */
function candidates(claimableNow: SQL | undefined, limit: number): SQL {
  return sql`(select ${monitors.id}, ${monitors.host}, ${monitors.nextCheckAt} from ${monitors}
    where ${claimableNow} order by ${monitors.nextCheckAt} limit ${limit * candidatesPerSlot})`;
}

/**
 * The first `limit` of the due candidates, in due order, taking no more of each host than its free permits.
 * In parentheses: drizzle inlines a SQL fragment as it is.
 */
function withinHostPermits(candidates: SQLWrapper, hosts: HostPermits, limit: number): SQL {
  const used = JSON.stringify([...hosts.inUse].map(([host, count]) => ({ host, used: count })));
  return sql`(with candidate as ${candidates},
    ranked as (
      select c.id, c.next_check_at,
        row_number() over (partition by c.host order by c.next_check_at, c.id) + coalesce(u.used, 0) as nth
      from candidate c left join jsonb_to_recordset(${used}::jsonb) as u(host text, used int) on u.host = c.host
    )
    select id from ranked where nth <= ${hosts.perHost} order by next_check_at, id limit ${limit})`;
}

/**
 * When the monitor's latest check started: the latest row's run end, or its start when it is one check
 * (a monitor's checks run one at a time, so no earlier row ends later).
 */
const latestCheckStart = sql`select ${lastStartedAt} from ${checks}
  where ${checks.monitorId} = ${monitors.id} order by ${checks.startedAt} desc limit 1`;

/** A monitor asked for by id, and when (a check started since answers the request already). */
export interface ClaimRequest {
  id: string;
  askedAt?: Date;
}

/**
 * Claims the asked-for monitors now, whatever their due time (first checks, "check now"), in one
 * statement. Left out: a monitor another worker has, and one a check of which started at or after its
 * `askedAt` (the request is answered already: a scheduler took it while the request waited for a slot).
 */
export async function claimMonitors(
  db: Database,
  requests: readonly ClaimRequest[],
  owner: string,
  leaseMs: number,
  now: Date = new Date(),
): Promise<MonitorRow[]> {
  if (requests.length === 0) return [];
  const asked = JSON.stringify(
    requests.map((request) => ({ id: request.id, asked_at: request.askedAt?.toISOString() ?? null })),
  );
  const askedAt = sql`(select r.asked_at from jsonb_to_recordset(${asked}::jsonb) as r(id uuid, asked_at timestamptz)
    where r.id = ${monitors.id})`;
  return db
    .update(monitors)
    .set({ leaseUntil: leaseInterval(now, leaseMs), leaseOwner: owner })
    .where(
      and(
        inArray(
          monitors.id,
          requests.map((request) => request.id),
        ),
        eq(monitors.paused, false),
        leaseFree(now),
        sql`not coalesce((${latestCheckStart}) >= ${askedAt}, false)`,
      ),
    )
    .returning();
}

/** Claims one monitor now (see claimMonitors); null when it is not claimed. */
export async function claimMonitor(
  db: Database,
  id: string,
  owner: string,
  leaseMs: number,
  now: Date = new Date(),
  askedAt?: Date,
): Promise<MonitorRow | null> {
  const [row] = await claimMonitors(db, [{ id, askedAt }], owner, leaseMs, now);
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

/**
 * When the next monitor this worker could claim is due (an index lookup on `monitors_due_idx`), with the
 * same skips as its claim. Without them, a host at its limit whose monitors are overdue made that time a
 * past one, and the scheduler polled every few milliseconds instead of sleeping until another user's
 * monitor was due: that user's check waited for the next poll (issue 11, fair shares).
 */
export async function nextDueAt(
  db: Database,
  now: Date = new Date(),
  skipHosts: readonly string[] = [],
  skipMonitors: readonly string[] = [],
): Promise<Date | null> {
  const [row] = await db
    .select({ at: monitors.nextCheckAt })
    .from(monitors)
    .where(claimable(now, skipHosts, skipMonitors))
    .orderBy(asc(monitors.nextCheckAt))
    .limit(1);
  return row?.at ?? null;
}
