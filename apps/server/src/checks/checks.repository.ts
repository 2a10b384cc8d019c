import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db";
import { blobs } from "../db/schema/blobs";
import { changes, type checks, snapshots } from "../db/schema/checks";
import type { MonitorRow, monitors } from "../db/schema/monitors";

/** Rows of the check pipeline; the writer's inserts run inside its batch transaction (check-writer.ts). */

export type NewCheck = typeof checks.$inferInsert;
export type NewSnapshot = typeof snapshots.$inferInsert;
export type NewChange = typeof changes.$inferInsert;
export type MonitorState = Partial<typeof monitors.$inferInsert>;

/**
 * The monitor as the lease-guarded update of a batch returns it (what its alerts name), and whether
 * "check now" was pressed while the check ran (it is due again at once).
 */
export type FinishedMonitor = Pick<
  MonitorRow,
  "id" | "userId" | "url" | "name" | "channelIds" | "consecutiveFailures" | "failingAlerted"
> & { askedAgain: boolean };

export async function insertSnapshots(tx: Database, values: NewSnapshot[]): Promise<void> {
  if (values.length > 0) await tx.insert(snapshots).values(values);
}

export async function insertChanges(tx: Database, values: NewChange[]): Promise<void> {
  if (values.length > 0) await tx.insert(changes).values(values);
}

/** A stored version's content and screenshot blobs as stored (compressed), in one round trip. */
export async function findSnapshotBlobs(db: Database, id: string) {
  const content = alias(blobs, "content");
  const screenshot = alias(blobs, "screenshot");
  const [row] = await db
    .select({
      content: { data: content.data, encoding: content.encoding },
      screenshot: { data: screenshot.data, encoding: screenshot.encoding },
    })
    .from(snapshots)
    .innerJoin(content, eq(content.id, snapshots.contentBlobId))
    .leftJoin(screenshot, eq(screenshot.id, snapshots.screenshotBlobId))
    .where(eq(snapshots.id, id));
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
