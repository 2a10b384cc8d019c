import type { Snapshot } from "@changeradar/engine";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { createCheckWriter, recordCheck } from "../../src/checks/check-writer";
import { claimMonitor } from "../../src/checks/claims.repository";
import { checks, snapshots } from "../../src/db/schema/checks";
import { monitors } from "../../src/db/schema/monitors";
import { users } from "../../src/db/schema/users";
import { useTestDatabase } from "../helpers/database";
import { testSnapshot } from "../helpers/snapshot";
import { insertPausedMonitors, testTiming } from "../monitors/support/checks";

const database = useTestDatabase();

const page = (title: string): Snapshot => testSnapshot({ title, lines: [title] });

async function claimedMonitor() {
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({
      email: `s-${Date.now()}@example.test`,
      passwordHash: "x",
      firstName: "S",
      planType: "Business",
    })
    .returning();
  const [id] = await insertPausedMonitors(db, user.id, ["https://shop.example/anvil"]);
  await db.update(monitors).set({ paused: false }).where(eq(monitors.id, id));
  const monitor = await claimMonitor(db, id, "worker-1", testTiming.leaseMs);
  if (!monitor) throw new Error("not claimed");
  return monitor;
}

// The engine strips U+0000 from what it extracts; this one reaches the database (a jsonb value refuses it).
it("a page the database refuses to store is a check error the user sees, not a check retried forever", async () => {
  const db = database.db;
  const monitor = await claimedMonitor();
  const fetched = { httpStatus: 200, durationMs: 80, etag: null, lastModified: null, bodyHash: "b:k" };
  const recorded = await recordCheck(
    createCheckWriter(db, "worker-1"),
    monitor,
    {
      ...fetched,
      kind: "baseline",
      version: { snapshot: page("Acme\u0000Anvil") },
      screenshot: null,
      fingerprint: "f",
    },
    new Date(),
    { startedAt: new Date(), timing: testTiming },
  );
  expect(recorded).toEqual({ status: "error", snapshotId: null, askedAgain: false });

  const [row] = await db.select().from(monitors).where(eq(monitors.id, monitor.id));
  expect(row.lastError).toMatch(/^The page could not be stored: /);
  expect(row.lastError).not.toContain("\u0000");
  expect(row).toMatchObject({
    leaseOwner: null,
    consecutiveFailures: 1,
    latestSnapshotId: null,
    latest: null,
  });
  expect(row.nextCheckAt.getTime()).toBeGreaterThan(Date.now());
  const rows = await db.select().from(checks).where(eq(checks.monitorId, monitor.id));
  expect(rows).toMatchObject([{ status: "error", httpStatus: 200, error: row.lastError }]);
  expect(await db.select().from(snapshots).where(eq(snapshots.monitorId, monitor.id))).toEqual([]);
});
