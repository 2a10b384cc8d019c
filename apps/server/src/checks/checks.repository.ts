import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db";
import { changes, checks, pricePoints, snapshots } from "../db/schema/checks";
import { type MonitorRow, monitors } from "../db/schema/monitors";

/** Writes of the check pipeline. All but `latestSnapshotOf` run inside the recorder's transaction. */

export type NewCheck = typeof checks.$inferInsert;
export type NewSnapshot = typeof snapshots.$inferInsert;
export type NewChange = typeof changes.$inferInsert;
export type MonitorState = Partial<typeof monitors.$inferInsert>;

/**
 * Applies a check's outcome to the monitor and clears its lease, but only while this worker still owns
 * the lease: a worker whose lease expired (and whose check another worker redid) writes nothing.
 */
export async function finishMonitor(
  tx: Database,
  id: string,
  owner: string,
  state: MonitorState,
): Promise<FinishedMonitor | null> {
  const [row] = await tx
    .update(monitors)
    .set({ ...state, leaseUntil: null, leaseOwner: null })
    .where(and(eq(monitors.id, id), eq(monitors.leaseOwner, owner)))
    .returning(finishedColumns);
  return row ?? null;
}

const finishedColumns = {
  id: monitors.id,
  userId: monitors.userId,
  url: monitors.url,
  name: monitors.name,
  channelIds: monitors.channelIds,
  consecutiveFailures: monitors.consecutiveFailures,
  failingAlerted: monitors.failingAlerted,
};
export type FinishedMonitor = Pick<MonitorRow, keyof typeof finishedColumns>;

export async function insertCheck(tx: Database, values: NewCheck): Promise<void> {
  await tx.insert(checks).values(values);
}

export async function insertSnapshot(tx: Database, values: NewSnapshot): Promise<string> {
  const [row] = await tx.insert(snapshots).values(values).returning({ id: snapshots.id });
  return row.id;
}

export async function insertChange(tx: Database, values: NewChange): Promise<string> {
  const [row] = await tx.insert(changes).values(values).returning({ id: changes.id });
  return row.id;
}

export async function insertPricePoint(
  tx: Database,
  monitorId: string,
  at: Date,
  price: { amount: number; currency: string | null },
): Promise<void> {
  await tx.insert(pricePoints).values({ monitorId, at, amount: price.amount, currency: price.currency });
}

export async function findSnapshot(db: Database, id: string) {
  const [row] = await db.select().from(snapshots).where(eq(snapshots.id, id));
  return row ?? null;
}

/** The newest snapshot of a monitor (what retention must keep). */
export async function latestSnapshotOf(db: Database, monitorId: string) {
  const [row] = await db
    .select()
    .from(snapshots)
    .where(eq(snapshots.monitorId, monitorId))
    .orderBy(desc(snapshots.takenAt))
    .limit(1);
  return row ?? null;
}
