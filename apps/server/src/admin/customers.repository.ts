import type { PlanName } from "@changeradar/contracts";
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { lastStartedAt } from "../checks/check-counts";
import type { Database } from "../db/database";
import { escapeLike } from "../db/like";
import { checks, deliveries, monitors, supportRequests, type UserRow, users } from "../db/schema";

export interface CustomerFilter {
  q?: string;
  status?: "active" | "disabled";
  plan?: PlanName;
}

function customerWhere(filter: CustomerFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const name = sql`(${users.firstName} || ' ' || ${users.lastName})`;
    conditions.push(or(ilike(users.email, pattern), sql`${name} ilike ${pattern}`)!);
  }
  if (filter.status === "disabled") conditions.push(isNotNull(users.disabledAt));
  if (filter.status === "active") conditions.push(isNull(users.disabledAt));
  if (filter.plan) conditions.push(eq(users.planType, filter.plan));
  return conditions.length ? and(...conditions) : undefined;
}

/** Users matching the filter, newest first, with their monitor counts. */
export async function searchCustomers(
  db: Database,
  filter: CustomerFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: Array<UserRow & { monitorCount: number }>; total: number }> {
  const condition = customerWhere(filter);
  const monitorCount = sql<number>`(select count(*)::int from ${monitors} where ${monitors.userId} = ${users.id})`;
  const rows = await db
    .select({ user: users, monitorCount })
    .from(users)
    .where(condition)
    .orderBy(desc(users.createdAt), desc(users.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(users).where(condition);
  return {
    rows: rows.map((r) => ({ ...r.user, monitorCount: Number(r.monitorCount) })),
    total: total?.n ?? 0,
  };
}

export async function customerMonitors(db: Database, userId: string) {
  return db
    .select()
    .from(monitors)
    .where(eq(monitors.userId, userId))
    .orderBy(desc(monitors.createdAt))
    .limit(200);
}

export async function recentChecks(db: Database, userId: string, limit: number) {
  return db
    .select({
      monitorName: monitors.name,
      startedAt: checks.startedAt,
      lastStartedAt: checks.lastStartedAt,
      repeats: checks.repeats,
      status: checks.status,
      durationMs: checks.durationMs,
      repeatDurationMs: checks.repeatDurationMs,
      error: checks.error,
    })
    .from(checks)
    .innerJoin(monitors, eq(monitors.id, checks.monitorId))
    .where(eq(monitors.userId, userId))
    .orderBy(desc(lastStartedAt))
    .limit(limit);
}

export async function recentDeliveries(db: Database, userId: string, limit: number) {
  return db
    .select()
    .from(deliveries)
    .where(eq(deliveries.userId, userId))
    .orderBy(desc(deliveries.createdAt))
    .limit(limit);
}

export async function customerSupportRequests(db: Database, userId: string, limit: number) {
  return db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.userId, userId))
    .orderBy(desc(supportRequests.createdAt))
    .limit(limit);
}

/** Pauses every running monitor of the user, marking them so enabling the account resumes exactly these. */
export async function pauseForDisable(db: Database, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(monitors)
    .set({ paused: true, pausedByDisable: true, updatedAt: at })
    .where(and(eq(monitors.userId, userId), eq(monitors.paused, false)))
    .returning({ id: monitors.id });
  return rows.length;
}

/** Resumes the monitors the disable paused; they are checked again at once. */
export async function resumeAfterEnable(db: Database, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(monitors)
    .set({ paused: false, pausedByDisable: false, nextCheckAt: at, updatedAt: at })
    .where(and(eq(monitors.userId, userId), eq(monitors.pausedByDisable, true)))
    .returning({ id: monitors.id });
  return rows.length;
}
