import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createCheckWorker } from "../../src/checks/check-worker";
import { checks } from "../../src/db/schema/checks";
import { monitors } from "../../src/db/schema/monitors";
import { users } from "../../src/db/schema/users";
import { useTestDatabase } from "../helpers/database";
import { insertPausedMonitors, testTiming } from "../monitors/support/checks";
import { type PageServer, productPage, startPageServer } from "../monitors/support/page-server";

const database = useTestDatabase();
let pages: PageServer;
beforeAll(async () => {
  pages = await startPageServer();
});
afterAll(async () => {
  await pages.close();
});

it("runOnce() checks what is due on the worker's clock, and records the check at that time", async () => {
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({ email: "clock@example.test", passwordHash: "x", firstName: "C", planType: "Business" })
    .returning();
  pages.set("/clock", productPage());
  const [id] = await insertPausedMonitors(db, user.id, [pages.url("/clock")]);
  // Due in two days of real time: only a clock that moved there sees it.
  const dueAt = new Date(Date.now() + 2 * 86_400_000);
  await db.update(monitors).set({ paused: false, nextCheckAt: dueAt }).where(eq(monitors.id, id));
  let now = new Date(dueAt.getTime() - 60_000);
  const worker = createCheckWorker({
    db,
    fetch: { allowPrivateTargets: true, browserPool: null, totalTimeoutMs: 10_000 },
    timing: testTiming,
    clock: { now: () => now },
  });

  expect(await worker.runOnce()).toBe(0);
  expect(pages.hits("/clock")).toBe(0);

  now = new Date(dueAt.getTime() + 1000);
  expect(await worker.runOnce()).toBe(1);
  const [check] = await db.select().from(checks).where(eq(checks.monitorId, id));
  expect(check).toMatchObject({ status: "unchanged", startedAt: now });
  const [row] = await db.select().from(monitors).where(eq(monitors.id, id));
  expect(row).toMatchObject({ lastCheckedAt: now, leaseOwner: null });
  // Next due a day (the monitor's frequency) after the clock's now, give or take the jitter.
  expect(Math.abs(row.nextCheckAt.getTime() - (now.getTime() + 86_400_000))).toBeLessThanOrEqual(5 * 60_000);

  expect(await worker.runOnce()).toBe(0);
  expect(pages.hits("/clock")).toBe(1);
});
