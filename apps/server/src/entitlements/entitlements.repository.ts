import { planNames, plans } from "@changeradar/contracts";
import { and, count, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { apiKeys } from "../db/schema/api-keys";
import { countsTowardPlan } from "../db/schema/demo";
import { monitors } from "../db/schema/monitors";
import { users } from "../db/schema/users";
import { PAST_DUE_GRACE_DAYS } from "./plan-in-force";

/** The columns planInForce reads, as SQL (a table alias in raw SQL, or the Drizzle columns). */
export interface PlanColumns {
  planType: SQL;
  planStatus: SQL;
  planStatusAt: SQL;
}

export const userPlanColumns: PlanColumns = {
  planType: sql`${users.planType}`,
  planStatus: sql`${users.planStatus}`,
  planStatusAt: sql`${users.planStatusAt}`,
};

/** The same columns of `users` under an alias in hand-written SQL (e.g. `users u` → aliasPlanColumns("u")). */
export function aliasPlanColumns(alias: string): PlanColumns {
  return {
    planType: sql.raw(`${alias}.plan_type`),
    planStatus: sql.raw(`${alias}.plan_status`),
    planStatusAt: sql.raw(`${alias}.plan_status_at`),
  };
}

/** planInForce (plan-in-force.ts) as a SQL expression, for jobs that work on many users at once. */
export function planInForceSql(c: PlanColumns, now: Date): SQL<string> {
  const graceStart = new Date(now.getTime() - PAST_DUE_GRACE_DAYS * 86_400_000).toISOString();
  return sql<string>`(case
    when ${c.planStatus} = 'active' then ${c.planType}
    when ${c.planStatus} = 'past_due' and ${c.planStatusAt} > ${graceStart}::timestamptz then ${c.planType}
    else 'Free' end)`;
}

/** The history window in days of the plan in force, as SQL. */
export function historyDaysSql(c: PlanColumns, now: Date): SQL<number> {
  const cases = planNames.map((name) => `when '${name}' then ${plans[name].historyDays}`).join(" ");
  return sql<number>`(case ${planInForceSql(c, now)} ${sql.raw(cases)} else ${plans.Free.historyDays} end)`;
}

/**
 * Locks the user's row until the transaction ends: parallel requests of one user that count and then
 * insert (monitors) run one after the other, so none can pass a limit the others already reached.
 */
export async function lockOwner(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

export async function usageOf(db: Database, userId: string) {
  const [m] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where not ${monitors.paused})`.mapWith(Number),
      pausedByPlan: sql<number>`count(*) filter (where ${monitors.pausedByPlan})`.mapWith(Number),
    })
    .from(monitors)
    .where(and(eq(monitors.userId, userId), countsTowardPlan));
  const [k] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return { monitors: m.total, activeMonitors: m.active, pausedByPlan: m.pausedByPlan, apiKeys: k.n };
}
