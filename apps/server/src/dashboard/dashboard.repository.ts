import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { changes } from "../db/schema/checks";
import { countsTowardPlan } from "../db/schema/demo";
import { monitors } from "../db/schema/monitors";

/** Read-only queries over the user's monitors and changes for the dashboard. */

/** `used` counts toward the plan (not the demo page's monitor); `all` is every monitor of the user. */
export async function monitorCounts(
  db: Database,
  userId: string,
): Promise<{ used: number; all: number; paused: number }> {
  const [row] = await db
    .select({
      all: count(),
      used: sql<number>`count(*) filter (where ${countsTowardPlan})`.mapWith(Number),
      paused: sql<number>`count(*) filter (where ${monitors.paused})`.mapWith(Number),
    })
    .from(monitors)
    .where(eq(monitors.userId, userId));
  return { used: row?.used ?? 0, all: row?.all ?? 0, paused: row?.paused ?? 0 };
}

export async function countChangesSince(db: Database, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(changes)
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .where(and(eq(monitors.userId, userId), gt(changes.detectedAt, since)));
  return row?.n ?? 0;
}

export async function failingMonitors(db: Database, userId: string, limit: number) {
  return db
    .select({ id: monitors.id, name: monitors.name, url: monitors.url, lastError: monitors.lastError })
    .from(monitors)
    .where(and(eq(monitors.userId, userId), eq(monitors.paused, false), gt(monitors.consecutiveFailures, 0)))
    .orderBy(desc(monitors.consecutiveFailures), asc(monitors.name))
    .limit(limit);
}

export async function nextChecks(db: Database, userId: string, limit: number) {
  return db
    .select({ id: monitors.id, name: monitors.name, nextCheckAt: monitors.nextCheckAt })
    .from(monitors)
    .where(and(eq(monitors.userId, userId), eq(monitors.paused, false)))
    .orderBy(asc(monitors.nextCheckAt))
    .limit(limit);
}
