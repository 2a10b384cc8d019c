import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { putJsonBlob } from "../../src/checks/blob-store";
import { applyRetention, retentionTask } from "../../src/checks/retention";
import { blobs } from "../../src/db/schema/blobs";
import { changes, checks, pricePoints, snapshots } from "../../src/db/schema/checks";
import { monitors } from "../../src/db/schema/monitors";
import { users } from "../../src/db/schema/users";
import { useTestDatabase } from "../helpers/database";
import { emptyStoredDiff } from "../helpers/stored-diff";
import { databaseKind, eventually } from "../monitors/support/test-app";

const DAY = 86_400_000;
const database = useTestDatabase();

/** A monitor with history at `ages` days before `now`; its latest snapshot is the oldest one. */
async function monitorWithHistory(plan: "Free" | "Business", now: Date, ages: number[]) {
  const [user] = await database.db
    .insert(users)
    .values({
      email: `r-${plan}-${Math.random()}@example.test`,
      passwordHash: "x",
      firstName: "R",
      planType: plan,
    })
    .returning();
  const [monitor] = await database.db
    .insert(monitors)
    .values({
      userId: user.id,
      url: "https://example.com/",
      host: "example.com",
      name: "R",
      frequency: "1d",
      watch: ["text"],
    })
    .returning();
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  const snapshotIds: string[] = [];
  for (const days of ages) {
    const blob = await putJsonBlob(database.db, { version: 1, lines: [`${plan} ${days} ${Math.random()}`] });
    const [snap] = await database.db
      .insert(snapshots)
      .values({ monitorId: monitor.id, takenAt: at(days), contentBlobId: blob, fingerprint: String(days) })
      .returning();
    snapshotIds.push(snap.id);
    await database.db
      .insert(checks)
      .values({ monitorId: monitor.id, startedAt: at(days), durationMs: 10, status: "changed" });
    await database.db
      .insert(pricePoints)
      .values({ monitorId: monitor.id, at: at(days), amount: days, currency: "USD" });
    await database.db.insert(changes).values({
      monitorId: monitor.id,
      detectedAt: at(days),
      kinds: ["text"],
      summary: "s",
      significance: 10,
      diff: emptyStoredDiff,
    });
  }
  // The oldest snapshot is the monitor's latest (a page that has not changed for a long time).
  await database.db
    .update(monitors)
    .set({ latestSnapshotId: snapshotIds[0] })
    .where(eq(monitors.id, monitor.id));
  return { monitorId: monitor.id, snapshotIds };
}

const countOf = async (
  table: typeof checks | typeof changes | typeof pricePoints | typeof snapshots,
  monitorId: string,
) => (await database.db.select().from(table).where(eq(table.monitorId, monitorId))).length;

describe(`retention on ${databaseKind}`, () => {
  it("removes history older than the plan keeps, never a monitor's latest snapshot", async () => {
    const now = new Date(Date.now() + 400 * DAY);
    const free = await monitorWithHistory("Free", now, [100, 45, 10]);
    const business = await monitorWithHistory("Business", now, [100, 45, 10]);
    const blobsBefore = (await database.db.select({ id: blobs.id }).from(blobs)).length;

    const result = await applyRetention(database.db, now);

    // Free keeps 30 days: 100 and 45 days old go, except the latest snapshot (100 days old).
    for (const table of [checks, changes, pricePoints]) expect(await countOf(table, free.monitorId)).toBe(1);
    const freeSnapshots = await database.db
      .select()
      .from(snapshots)
      .where(eq(snapshots.monitorId, free.monitorId));
    expect(freeSnapshots.map((s) => s.id).sort()).toEqual([free.snapshotIds[0], free.snapshotIds[2]].sort());
    // Business keeps 180 days: nothing goes.
    for (const table of [checks, changes, pricePoints, snapshots])
      expect(await countOf(table, business.monitorId)).toBe(3);
    expect(result).toMatchObject({ checks: 2, changes: 2, pricePoints: 2, snapshots: 1, blobs: 1 });
    expect((await database.db.select({ id: blobs.id }).from(blobs)).length).toBe(blobsBefore - 1);
  });

  it("keeps a run of checks, and a price's run, whose last sighting is in the window", async () => {
    const now = new Date(Date.now() + 1200 * DAY);
    // Free keeps 30 days: the first check (and price) 31 days ago is out, the last of its run 29 days ago is in.
    const free = await monitorWithHistory("Free", now, [31]);
    const lastSeen = new Date(now.getTime() - 29 * DAY);
    await database.db
      .update(checks)
      .set({ repeats: 5, lastStartedAt: lastSeen })
      .where(eq(checks.monitorId, free.monitorId));
    await database.db
      .update(pricePoints)
      .set({ lastSeenAt: lastSeen })
      .where(eq(pricePoints.monitorId, free.monitorId));

    await applyRetention(database.db, now);

    expect(await countOf(checks, free.monitorId)).toBe(1);
    expect(await countOf(pricePoints, free.monitorId)).toBe(1);
    expect(await countOf(changes, free.monitorId)).toBe(0);
  });

  it("runs as a background task on the injected clock", async () => {
    const now = new Date(Date.now() + 800 * DAY);
    const free = await monitorWithHistory("Free", now, [60, 5]);
    const task = retentionTask(database.db, { now: () => now }, () => {});
    task.start();
    await eventually(
      () => countOf(checks, free.monitorId),
      (n) => n === 1,
    );
    await task.stop();
  });
});
