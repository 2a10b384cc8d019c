import type { Report, reportQuerySchema } from "@changeradar/contracts";
import type { z } from "zod";
import type { UserContext } from "../entitlements";
import { Invalid, NotFound } from "../http/errors";
import * as repo from "./reports.repository";

export type ReportQuery = z.output<typeof reportQuerySchema>;
type Ctx = UserContext<"db" | "clock">;

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;

/** The inclusive UTC day range of a query: the last 30 days by default, at most a year. */
export function reportRange(query: ReportQuery, now: Date): { from: Date; to: Date; days: string[] } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const to = query.to ? Date.parse(`${query.to}T00:00:00Z`) : today;
  const from = query.from ? Date.parse(`${query.from}T00:00:00Z`) : to - (DEFAULT_DAYS - 1) * DAY_MS;
  if (from > to) throw Invalid.field("from", "The start date must be on or before the end date.");
  const count = (to - from) / DAY_MS + 1;
  if (count > MAX_DAYS) throw Invalid.field("from", `A report covers at most ${MAX_DAYS} days.`);
  const days = Array.from({ length: count }, (_, i) =>
    new Date(from + i * DAY_MS).toISOString().slice(0, 10),
  );
  return { from: new Date(from), to: new Date(to + DAY_MS), days };
}

/** The rows a report reads: the user's own (one monitor's if asked), within the query's days. */
export async function scopeFor(ctx: Ctx, query: ReportQuery) {
  const { user } = ctx;
  if (query.monitorId && !(await repo.ownsMonitor(ctx.db, user.id, query.monitorId))) {
    throw new NotFound("Monitor not found.");
  }
  const range = reportRange(query, ctx.clock.now());
  const scope: repo.ReportScope = {
    userId: user.id,
    from: range.from,
    to: range.to,
    monitorId: query.monitorId,
  };
  return { scope, days: range.days };
}

/** Reports & Analytics: checks, changes and errors per day, per monitor and per kind; price trends. */
export async function buildReport(ctx: Ctx, query: ReportQuery): Promise<Report> {
  const { db } = ctx;
  const { scope, days } = await scopeFor(ctx, query);
  const [checkDays, changeDays, checkMonitors, changeMonitors, kinds, prices] = await Promise.all([
    repo.checksPerDay(db, scope),
    repo.changesPerDay(db, scope),
    repo.checksPerMonitor(db, scope),
    repo.changesPerMonitor(db, scope),
    repo.changesPerKind(db, scope),
    repo.pricesInRange(db, scope),
  ]);

  const checksByDay = new Map(checkDays.map((row) => [row.day, row]));
  const changesByDay = new Map(changeDays.map((row) => [row.day, row.changes]));
  const monitors = new Map<string, Report["byMonitor"][number]>();
  for (const row of checkMonitors) monitors.set(row.monitorId, { ...row, changes: 0 });
  for (const row of changeMonitors) {
    const entry = monitors.get(row.monitorId) ?? {
      monitorId: row.monitorId,
      name: row.name,
      checks: 0,
      errors: 0,
      changes: 0,
    };
    entry.changes = row.changes;
    monitors.set(row.monitorId, entry);
  }
  const totalChecks = checkMonitors.reduce((sum, row) => sum + row.checks, 0);
  const totalErrors = checkMonitors.reduce((sum, row) => sum + row.errors, 0);

  const series = new Map<string, Report["prices"][number]>();
  for (const point of prices) {
    const entry = series.get(point.monitorId) ?? {
      monitorId: point.monitorId,
      name: point.name,
      currency: point.currency,
      points: [],
    };
    entry.points.push({ at: point.at.toISOString(), amount: point.amount });
    series.set(point.monitorId, entry);
  }

  return {
    from: days[0] ?? "",
    to: days[days.length - 1] ?? "",
    days: days.map((day) => ({
      day,
      checks: checksByDay.get(day)?.checks ?? 0,
      changes: changesByDay.get(day) ?? 0,
      errors: checksByDay.get(day)?.errors ?? 0,
    })),
    byMonitor: [...monitors.values()].sort((a, b) => b.changes - a.changes || a.name.localeCompare(b.name)),
    byKind: Object.fromEntries(kinds.map((row) => [row.kind, row.n])),
    errorRate: totalChecks === 0 ? 0 : Math.round((totalErrors / totalChecks) * 10_000) / 10_000,
    prices: [...series.values()],
  };
}
