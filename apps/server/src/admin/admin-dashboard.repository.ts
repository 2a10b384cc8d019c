import type { BillingPeriod, PlanName, PlanStatus } from "@changeradar/contracts";
import { and, count, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { checksCounted, checksSince, errorsCounted, lastStartedAt } from "../checks/check-counts";
import type { Database } from "../db/database";
import { checks, deliveries, monitors, users, visitors } from "../db/schema";

/** Read-only figures over the whole product for the admin dashboard. */

export async function userGroups(db: Database) {
  const rows = await db
    .select({
      planType: users.planType,
      planStatus: users.planStatus,
      period: users.period,
      disabled: sql<boolean>`${users.disabledAt} is not null`,
      count: count(),
    })
    .from(users)
    .groupBy(users.planType, users.planStatus, users.period, sql`${users.disabledAt} is not null`);
  return rows as Array<{
    planType: PlanName;
    planStatus: PlanStatus;
    period: BillingPeriod;
    disabled: boolean;
    count: number;
  }>;
}

export async function monitorStates(db: Database): Promise<{ active: number; paused: number }> {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where not ${monitors.paused})`.mapWith(Number),
      paused: sql<number>`count(*) filter (where ${monitors.paused})`.mapWith(Number),
    })
    .from(monitors);
  return { active: row?.active ?? 0, paused: row?.paused ?? 0 };
}

export async function checkCounts(db: Database, since: Date): Promise<{ total: number; failed: number }> {
  const [row] = await db
    .select({
      total: checksSince(since),
      failed: errorsCounted,
    })
    .from(checks)
    .where(gte(lastStartedAt, since));
  return { total: row?.total ?? 0, failed: row?.failed ?? 0 };
}

/** The oldest due time among active monitors that are due now, and how many are due. */
export async function overdue(db: Database, now: Date): Promise<{ oldest: Date | null; count: number }> {
  const [row] = await db
    .select({ oldest: sql<string | null>`min(${monitors.nextCheckAt})`, count: count() })
    .from(monitors)
    .where(and(eq(monitors.paused, false), lte(monitors.nextCheckAt, now)));
  return { oldest: row?.oldest ? new Date(row.oldest) : null, count: row?.count ?? 0 };
}

export async function outboxCounts(db: Database): Promise<{ pending: number; dead: number }> {
  const [row] = await db
    .select({
      pending:
        sql<number>`count(*) filter (where ${inArray(deliveries.status, ["pending", "failed", "sending"])})`.mapWith(
          Number,
        ),
      dead: sql<number>`count(*) filter (where ${deliveries.status} = 'dead')`.mapWith(Number),
    })
    .from(deliveries);
  return { pending: row?.pending ?? 0, dead: row?.dead ?? 0 };
}

type DayRow = { day: string; count: number };
const utcDay = (column: unknown) => sql<string>`to_char((${column} at time zone 'UTC')::date, 'YYYY-MM-DD')`;

export async function signupsPerDay(db: Database, since: Date): Promise<DayRow[]> {
  const day = utcDay(users.createdAt);
  return db.select({ day, count: count() }).from(users).where(gte(users.createdAt, since)).groupBy(day);
}

export async function checksPerDay(db: Database, since: Date): Promise<Array<DayRow & { failed: number }>> {
  const day = utcDay(checks.startedAt);
  return db
    .select({
      day,
      count: checksCounted,
      failed: errorsCounted,
    })
    .from(checks)
    .where(gte(checks.startedAt, since))
    .groupBy(day);
}

export async function visitorsPerDay(db: Database, sinceDay: string): Promise<DayRow[]> {
  return db
    .select({ day: sql<string>`to_char(${visitors.day}, 'YYYY-MM-DD')`, count: count() })
    .from(visitors)
    .where(gte(visitors.day, sinceDay))
    .groupBy(visitors.day);
}
