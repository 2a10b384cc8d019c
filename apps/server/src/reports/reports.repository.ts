import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { checksCounted, errorsCounted } from "../checks/check-counts";
import { endsARun, seenAt, seenTimes, seenTimesJoin } from "../checks/price-runs";
import type { Database } from "../db/database";
import { changes, checks, pricePoints } from "../db/schema/checks";
import { monitors } from "../db/schema/monitors";

/** Aggregates over one user's history in [from, to): the user filter is in every query. */
export interface ReportScope {
  userId: string;
  from: Date;
  to: Date;
  monitorId?: string;
}

function scoped(scope: ReportScope, at: PgColumn | SQL): SQL {
  return and(
    eq(monitors.userId, scope.userId),
    scope.monitorId ? eq(monitors.id, scope.monitorId) : undefined,
    sql`${at} >= ${scope.from.toISOString()}::timestamptz`,
    sql`${at} < ${scope.to.toISOString()}::timestamptz`,
  ) as SQL;
}

const utcDay = (column: PgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

export async function checksPerDay(db: Database, scope: ReportScope) {
  const day = utcDay(checks.startedAt);
  return db
    .select({
      day,
      checks: checksCounted,
      errors: errorsCounted,
    })
    .from(checks)
    .innerJoin(monitors, eq(monitors.id, checks.monitorId))
    .where(scoped(scope, checks.startedAt))
    .groupBy(day);
}

export async function changesPerDay(db: Database, scope: ReportScope) {
  const day = utcDay(changes.detectedAt);
  return db
    .select({ day, changes: count() })
    .from(changes)
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .where(scoped(scope, changes.detectedAt))
    .groupBy(day);
}

export async function checksPerMonitor(db: Database, scope: ReportScope) {
  return db
    .select({
      monitorId: monitors.id,
      name: monitors.name,
      checks: checksCounted,
      errors: errorsCounted,
    })
    .from(checks)
    .innerJoin(monitors, eq(monitors.id, checks.monitorId))
    .where(scoped(scope, checks.startedAt))
    .groupBy(monitors.id, monitors.name);
}

export async function changesPerMonitor(db: Database, scope: ReportScope) {
  return db
    .select({ monitorId: monitors.id, name: monitors.name, changes: count() })
    .from(changes)
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .where(scoped(scope, changes.detectedAt))
    .groupBy(monitors.id, monitors.name);
}

export async function changesPerKind(
  db: Database,
  scope: ReportScope,
): Promise<{ kind: string; n: number }[]> {
  const kind = sql<string>`kind`;
  return db
    .select({ kind, n: count() })
    .from(changes)
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .innerJoin(sql`jsonb_array_elements_text(${changes.kinds}) as kind`, sql`true`)
    .where(scoped(scope, changes.detectedAt))
    .groupBy(kind);
}

/** The most price points a report charts, over all its monitors. */
export const MAX_REPORT_PRICE_POINTS = 20_000;

/**
 * Each monitor's prices in the range as a chart draws them (the first and last point of each run of checks
 * at one price, see endsARun), so a month of frequent checks fits and no monitor is left out for the size
 * of another's history.
 */
export async function pricesInRange(db: Database, scope: ReportScope) {
  const runEnds = db
    .select({
      monitorId: monitors.id,
      name: monitors.name,
      at: seenAt.as("at"),
      amount: pricePoints.amount,
      currency: pricePoints.currency,
      runEnd: endsARun(sql`partition by ${pricePoints.monitorId} order by ${seenAt}`).as("run_end"),
    })
    .from(pricePoints)
    .innerJoin(monitors, eq(monitors.id, pricePoints.monitorId))
    .innerJoin(seenTimes, seenTimesJoin)
    .where(scoped(scope, seenAt))
    .as("run_ends");
  return db
    .select({
      monitorId: runEnds.monitorId,
      name: runEnds.name,
      at: runEnds.at,
      amount: runEnds.amount,
      currency: runEnds.currency,
    })
    .from(runEnds)
    .where(sql`${runEnds.runEnd}`)
    .orderBy(asc(runEnds.name), asc(runEnds.at))
    .limit(MAX_REPORT_PRICE_POINTS);
}

/** The changes themselves, newest first, for the CSV export. */
export async function changesInRange(db: Database, scope: ReportScope, limit: number) {
  return db
    .select({
      detectedAt: changes.detectedAt,
      monitorName: monitors.name,
      url: monitors.url,
      kinds: changes.kinds,
      significance: changes.significance,
      summary: changes.summary,
      priceBefore: changes.priceBefore,
      priceAfter: changes.priceAfter,
      currency: changes.currency,
    })
    .from(changes)
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .where(scoped(scope, changes.detectedAt))
    .orderBy(desc(changes.detectedAt))
    .limit(limit);
}

export async function ownsMonitor(db: Database, userId: string, monitorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: monitors.id })
    .from(monitors)
    .where(and(eq(monitors.id, monitorId), eq(monitors.userId, userId)));
  return row !== undefined;
}
