import {
  type AdminDashboard,
  displayedPrice,
  type PlanName,
  type PlanStatus,
  plans,
} from "@changeradar/contracts";
import { addMs, days, minutes } from "../clock";
import type { AppContext } from "../context";
import {
  checkCounts,
  checksPerDay,
  monitorStates,
  outboxCounts,
  overdue,
  signupsPerDay,
  userGroups,
  visitorsPerDay,
} from "./admin-dashboard.repository";

type Ctx = Pick<AppContext, "db" | "clock">;
const SERIES_DAYS = 30;

/** The last `n` UTC days ending today, oldest first, as YYYY-MM-DD. */
function lastDays(now: Date, n: number): string[] {
  return Array.from({ length: n }, (_, i) =>
    addMs(now, -days(n - 1 - i))
      .toISOString()
      .slice(0, 10),
  );
}

function fill(daysList: string[], rows: Array<{ day: string; count: number }>) {
  const byDay = new Map(rows.map((r) => [r.day, Number(r.count)]));
  return daysList.map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

export async function adminDashboard(ctx: Ctx): Promise<AdminDashboard> {
  const now = ctx.clock.now();
  const dayList = lastDays(now, SERIES_DAYS);
  const seriesStart = new Date(`${dayList[0]}T00:00:00Z`);
  const [groups, monitors, hour, day, late, outbox, signups, checkDays, visitorDays] = await Promise.all([
    userGroups(ctx.db),
    monitorStates(ctx.db),
    checkCounts(ctx.db, addMs(now, -minutes(60))),
    checkCounts(ctx.db, addMs(now, -days(1))),
    overdue(ctx.db, now),
    outboxCounts(ctx.db),
    signupsPerDay(ctx.db, seriesStart),
    checksPerDay(ctx.db, seriesStart),
    visitorsPerDay(ctx.db, dayList[0]!),
  ]);

  const byPlan = new Map<string, { planType: PlanName; planStatus: PlanStatus; count: number }>();
  let monthlyUsd = 0;
  let payingCustomers = 0;
  for (const g of groups) {
    const key = `${g.planType}/${g.planStatus}`;
    const entry = byPlan.get(key) ?? { planType: g.planType, planStatus: g.planStatus, count: 0 };
    entry.count += g.count;
    byPlan.set(key, entry);
    // Revenue counts subscriptions in good standing only: a past-due plan keeps its limits for a grace
    // period (entitlements), but its money has not come in.
    const paying = g.planStatus === "active" ? g.planType : "Free";
    if (!g.disabled && paying !== "Free" && plans[paying].price > 0) {
      monthlyUsd += displayedPrice(paying, g.period).perMonth * g.count;
      payingCustomers += g.count;
    }
  }
  const visitors = fill(dayList, visitorDays);
  return {
    users: {
      total: groups.reduce((sum, g) => sum + g.count, 0),
      disabled: groups.filter((g) => g.disabled).reduce((sum, g) => sum + g.count, 0),
      byPlan: [...byPlan.values()],
    },
    monitors,
    checks: {
      perMinute: Math.round((hour.total / 60) * 100) / 100,
      lastHour: hour.total,
      last24h: day.total,
      failed24h: day.failed,
      failureRate: day.total === 0 ? 0 : day.failed / day.total,
    },
    schedulerLagSeconds: late.oldest
      ? Math.max(0, Math.round((now.getTime() - late.oldest.getTime()) / 1000))
      : 0,
    overdueMonitors: late.count,
    outbox,
    visitors: { today: visitors.at(-1)?.count ?? 0, last30d: visitors.reduce((s, v) => s + v.count, 0) },
    revenue: { monthlyUsd, payingCustomers },
    series: {
      signups: fill(dayList, signups),
      checks: fill(dayList, checkDays),
      failedChecks: fill(
        dayList,
        checkDays.map((d) => ({ day: d.day, count: d.failed })),
      ),
      visitors,
    },
    generatedAt: now.toISOString(),
  };
}
