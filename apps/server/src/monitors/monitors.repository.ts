import type { Frequency, listMonitorsQuerySchema, MonitorStatus } from "@changeradar/contracts";
import { and, asc, count, eq, getTableColumns, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db";
import { countsTowardPlan } from "../db/schema/demo";
import { type MonitorRow, monitors } from "../db/schema/monitors";

export type NewMonitor = typeof monitors.$inferInsert;
export type MonitorPatch = Partial<Omit<NewMonitor, "id" | "userId" | "createdAt">>;

/** A monitor's status, computed in SQL so lists can filter and sort by it. */
export const statusSql = sql<MonitorStatus>`(case
  when ${monitors.paused} then 'paused'
  when ${monitors.consecutiveFailures} > 0 then 'failing'
  when ${monitors.lastChangeAt} > now() - interval '1 day' then 'changed'
  else 'ok' end)`;

/** Default order: what needs attention first (failing, then recently changed), then by name. */
const attentionRank = sql`(case
  when ${monitors.paused} then 3
  when ${monitors.consecutiveFailures} > 0 then 0
  when ${monitors.lastChangeAt} > now() - interval '1 day' then 1
  else 2 end)`;

export type MonitorWithStatus = MonitorRow & { status: MonitorStatus };

const withStatus = { ...getTableColumns(monitors), status: statusSql };

export async function insertMonitor(db: Database, values: NewMonitor): Promise<MonitorWithStatus> {
  const [row] = await db.insert(monitors).values(values).returning({ id: monitors.id });
  return (await findMonitor(db, values.userId, row.id)) as MonitorWithStatus;
}

export async function findMonitor(
  db: Database,
  userId: string,
  id: string,
): Promise<MonitorWithStatus | null> {
  const [row] = await db
    .select(withStatus)
    .from(monitors)
    .where(and(eq(monitors.id, id), eq(monitors.userId, userId)));
  return row ?? null;
}

/** The monitors that count toward the plan's limit (the demo page's does not). */
export async function countMonitors(db: Database, userId: string, onlyActive = false): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(monitors)
    .where(
      and(eq(monitors.userId, userId), countsTowardPlan, onlyActive ? eq(monitors.paused, false) : undefined),
    );
  return row.n;
}

/** The addresses a user already watches (duplicates are skipped on import). */
export async function monitorUrls(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ url: monitors.url }).from(monitors).where(eq(monitors.userId, userId));
  return rows.map((row) => row.url);
}

export async function listMonitors(
  db: Database,
  userId: string,
  query: z.output<typeof listMonitorsQuerySchema>,
): Promise<{ rows: MonitorWithStatus[]; total: number }> {
  const filters: (SQL | undefined)[] = [
    eq(monitors.userId, userId),
    // The pages a site monitor watches are listed under it, not among the monitors the user made.
    query.site ? eq(monitors.parentId, query.site) : isNull(monitors.parentId),
  ];
  if (query.status) filters.push(sql`${statusSql} = ${query.status}`);
  if (query.kind) filters.push(sql`${monitors.watch} @> ${JSON.stringify([query.kind])}::jsonb`);
  if (query.tag) filters.push(sql`${monitors.tags} @> ${JSON.stringify([query.tag])}::jsonb`);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(monitors.name, pattern), ilike(monitors.url, pattern)));
  }
  const where = and(...filters);
  const order: SQL[] = {
    default: [asc(attentionRank), asc(sql`lower(${monitors.name})`)],
    lastCheckedAt: [sql`${monitors.lastCheckedAt} desc nulls last`],
    nextCheckAt: [sql`${monitors.nextCheckAt} asc`],
    lastChangeAt: [sql`${monitors.lastChangeAt} desc nulls last`],
  }[query.sort];
  const rows = await db
    .select(withStatus)
    .from(monitors)
    .where(where)
    .orderBy(...order, asc(monitors.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [{ total }] = await db.select({ total: count() }).from(monitors).where(where);
  return { rows, total };
}

export async function updateMonitor(
  db: Database,
  userId: string,
  id: string,
  patch: MonitorPatch,
): Promise<MonitorWithStatus | null> {
  const updated = await db
    .update(monitors)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(monitors.id, id), eq(monitors.userId, userId)))
    .returning({ id: monitors.id });
  return updated.length === 0 ? null : findMonitor(db, userId, id);
}

export async function deleteMonitor(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(monitors)
    .where(and(eq(monitors.id, id), eq(monitors.userId, userId)))
    .returning({ id: monitors.id });
  return deleted.length > 0;
}

/** Claims the right to a manual check: at most one per `minIntervalMs` per monitor. */
export async function claimManualCheck(
  db: Database,
  userId: string,
  id: string,
  minIntervalMs: number,
): Promise<boolean> {
  const claimed = await db
    .update(monitors)
    .set({ manualCheckAt: sql`now()`, nextCheckAt: sql`now()` })
    .where(
      and(
        eq(monitors.id, id),
        eq(monitors.userId, userId),
        sql`(${monitors.manualCheckAt} is null or ${monitors.manualCheckAt} < now() - make_interval(secs => ${minIntervalMs / 1000}))`,
      ),
    )
    .returning({ id: monitors.id });
  return claimed.length > 0;
}

/** Manual checks for many monitors: the caller's unpaused ones past the cool-down become due now. */
export async function claimManualChecks(
  db: Database,
  userId: string,
  ids: readonly string[],
  minIntervalMs: number,
): Promise<string[]> {
  const claimed = await db
    .update(monitors)
    .set({ manualCheckAt: sql`now()`, nextCheckAt: sql`now()` })
    .where(
      and(
        inArray(monitors.id, [...ids]),
        eq(monitors.userId, userId),
        eq(monitors.paused, false),
        sql`(${monitors.manualCheckAt} is null or ${monitors.manualCheckAt} < now() - make_interval(secs => ${minIntervalMs / 1000}))`,
      ),
    )
    .returning({ id: monitors.id });
  return claimed.map((row) => row.id);
}

export async function tagCounts(db: Database, userId: string): Promise<{ name: string; count: number }[]> {
  const result = await db.execute<{ name: string; count: number }>(sql`
    select tag as name, count(*)::int as count
    from ${monitors}, jsonb_array_elements_text(${monitors.tags}) as tag
    where ${monitors.userId} = ${userId} and ${monitors.parentId} is null
    group by tag order by count(*) desc, tag`);
  return rowsOf(result);
}

/**
 * Monitors of a user that are running, oldest first (the plan command pauses the newest extras). A site's
 * watched pages are not among them: they follow their site monitor.
 */
export async function activeMonitorIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: monitors.id })
    .from(monitors)
    .where(and(eq(monitors.userId, userId), eq(monitors.paused, false), isNull(monitors.parentId)))
    .orderBy(asc(monitors.createdAt), asc(monitors.id));
  return rows.map((r) => r.id);
}

export async function pauseForPlan(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(monitors)
    .set({ paused: true, pausedByPlan: true, updatedAt: new Date() })
    .where(or(inArray(monitors.id, ids), inArray(monitors.parentId, ids)));
}

/** PGlite answers `{ rows }`, node-postgres a result with `rows` too; both are read the same way. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Sets every monitor checked faster than `fastest` to `fastest`; returns how many changed. */
export async function slowDownTo(
  db: Database,
  userId: string,
  fastest: Frequency,
  minutes: Record<Frequency, number>,
): Promise<number> {
  const tooFast = (Object.keys(minutes) as Frequency[]).filter((f) => minutes[f] < minutes[fastest]);
  if (tooFast.length === 0) return 0;
  const changed = await db
    .update(monitors)
    .set({ frequency: fastest, updatedAt: new Date() })
    .where(and(eq(monitors.userId, userId), inArray(monitors.frequency, tooFast)))
    .returning({ id: monitors.id });
  return changed.length;
}
