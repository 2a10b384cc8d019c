import { and, count, desc, eq, gte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db";
import { changes, checks, pricePoints, snapshots } from "../db/schema/checks";
import { monitors } from "../db/schema/monitors";
import { lastStartedAt } from "./check-counts";
import { endsARun, seenAt, seenTimes, seenTimesJoin } from "./price-runs";

/** Reads of a user's history. Every query joins the monitor and filters by its owner. */

const owned = (userId: string) => eq(monitors.userId, userId);

const changeSummaryColumns = {
  id: changes.id,
  monitorId: changes.monitorId,
  monitorName: monitors.name,
  detectedAt: changes.detectedAt,
  kinds: changes.kinds,
  summary: changes.summary,
  significance: changes.significance,
  rating: changes.rating,
  // The check that found the change: the latest "changed" check of the monitor started before it.
  ignored: sql`(select ${checks.ignored} from ${checks}
    where ${checks.monitorId} = ${changes.monitorId} and ${checks.status} = 'changed'
      and ${checks.startedAt} <= ${changes.detectedAt}
    order by ${checks.startedAt} desc limit 1)`.mapWith(checks.ignored),
};

export async function listChanges(
  db: Database,
  userId: string,
  page: { page: number; pageSize: number },
  monitorId?: string,
  since?: Date,
) {
  const where = and(
    owned(userId),
    monitorId ? eq(changes.monitorId, monitorId) : undefined,
    since ? gte(changes.detectedAt, since) : undefined,
  );
  const rows = await db
    .select(changeSummaryColumns)
    .from(changes)
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .where(where)
    .orderBy(desc(changes.detectedAt), desc(changes.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [{ total }] = await db
    .select({ total: count() })
    .from(changes)
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .where(where);
  return { rows, total };
}

export async function findChange(db: Database, userId: string, id: string) {
  const [row] = await db
    .select({
      change: changes,
      monitor: {
        id: monitors.id,
        url: monitors.url,
        name: monitors.name,
        mode: monitors.mode,
        ignoreRules: monitors.ignoreRules,
      },
    })
    .from(changes)
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .where(and(eq(changes.id, id), owned(userId)));
  return row ?? null;
}

export async function screenshotOf(db: Database, snapshotId: string | null): Promise<string | null> {
  if (!snapshotId) return null;
  const [row] = await db
    .select({ blob: snapshots.screenshotBlobId })
    .from(snapshots)
    .where(eq(snapshots.id, snapshotId));
  return row?.blob ?? null;
}

export async function rateChange(db: Database, id: string, rating: "useful" | "noise"): Promise<void> {
  await db.update(changes).set({ rating }).where(eq(changes.id, id));
}

export async function listChecks(
  db: Database,
  monitorId: string,
  page: { page: number; pageSize: number },
  since?: Date,
) {
  const where = and(eq(checks.monitorId, monitorId), since ? gte(lastStartedAt, since) : undefined);
  const rows = await db
    .select()
    .from(checks)
    .where(where)
    .orderBy(desc(checks.startedAt), desc(checks.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [{ total }] = await db.select({ total: count() }).from(checks).where(where);
  return { rows, total };
}

/** The most points a price history answers (a chart's worth). */
export const MAX_PRICE_POINTS = 5000;

/**
 * A monitor's price history, oldest first, as a chart draws it: the first and last point of each run of
 * checks at one price (see endsARun). Past MAX_PRICE_POINTS the newest are kept: it ends at the current price.
 */
export async function listPricePoints(db: Database, monitorId: string, since: Date | null) {
  const filters: SQL[] = [eq(pricePoints.monitorId, monitorId)];
  if (since) filters.push(sql`${seenAt} >= ${since}`);
  const runEnds = db
    .select({
      at: seenAt.as("at"),
      amount: pricePoints.amount,
      currency: pricePoints.currency,
      runEnd: endsARun(sql`order by ${seenAt}`).as("run_end"),
    })
    .from(pricePoints)
    .innerJoin(seenTimes, seenTimesJoin)
    .where(and(...filters))
    .as("run_ends");
  const newestFirst = await db
    .select({ at: runEnds.at, amount: runEnds.amount, currency: runEnds.currency })
    .from(runEnds)
    .where(sql`${runEnds.runEnd}`)
    .orderBy(desc(runEnds.at))
    .limit(MAX_PRICE_POINTS);
  return newestFirst.reverse();
}

/** Whether a blob is a screenshot or diff image of one of the user's monitors (the owner check of GET /blobs/:id). */
export async function userOwnsImageBlob(db: Database, userId: string, blobId: string): Promise<boolean> {
  const [shot] = await db
    .select({ one: sql`1` })
    .from(snapshots)
    .innerJoin(monitors, eq(monitors.id, snapshots.monitorId))
    .where(and(owned(userId), eq(snapshots.screenshotBlobId, blobId)))
    .limit(1);
  if (shot) return true;
  const [diff] = await db
    .select({ one: sql`1` })
    .from(changes)
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .where(and(owned(userId), or(eq(changes.diffImageBlobId, blobId))))
    .limit(1);
  return Boolean(diff);
}
