/**
 * An edit that needs a check (a new URL, scope or renderer) landing while a check of the monitor runs gets
 * its check, of the new settings. Before the fix the edit's "check soon" was lost: the worker running the
 * check skipped it ("already in flight"), and the running check, when it finished, moved the due time the
 * edit had set a day ahead and made its version of the old URL the baseline.
 */
import { monitorSchema } from "@changeradar/contracts";
import { sharedEnginePool } from "@changeradar/engine";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monitors } from "../../src/db/schema/monitors";
import { rowsOf } from "../../src/monitors/monitors.repository";
import { changeCount, checkCount, schedulingWorker } from "../monitors/support/checks";
import { type HoldingPageServer, startHoldingPageServer } from "../monitors/support/holding-page-server";
import { productPage } from "../monitors/support/page-server";
import { databaseKind, eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let site: HoldingPageServer;

beforeAll(async () => {
  // The engine's worker thread starts before the clocks of `eventually` run (seconds on a loaded machine).
  await sharedEnginePool().warm();
  [t, site] = await Promise.all([startTestApp(), startHoldingPageServer()]);
});
afterAll(async () => {
  await site.close();
  await t.close();
});

const url = (path: string) => site.url(path);

async function createMonitor(auth: { authorization: string }, path: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/monitors",
    headers: auth,
    payload: { url: url(path), frequency: "1d", watch: ["text"] },
  });
  expect(res.statusCode).toBe(201);
  return monitorSchema.parse(res.json()).id;
}

async function moveTo(auth: { authorization: string }, id: string, path: string): Promise<void> {
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/v1/monitors/${id}`,
    headers: auth,
    payload: { url: url(path) },
  });
  expect(res.statusCode).toBe(200);
}

/** The monitor's due time, and whether its baseline is one of its stored versions. */
async function stateOf(id: string) {
  const db = t.database.handle.db;
  const [row] = await db
    .select({ nextCheckAt: monitors.nextCheckAt, url: monitors.url, snapshotId: monitors.latestSnapshotId })
    .from(monitors)
    .where(eq(monitors.id, id));
  const baseline = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from snapshots where id = ${row!.snapshotId} and monitor_id = ${id}`,
  );
  return { ...row!, hasBaseline: rowsOf<{ n: number }>(baseline)[0]?.n === 1 };
}

const oldPage = productPage({ text: "A sturdy anvil for every workshop." });
const movedPage = productPage({ text: "The anvil moved to its new page, now in titanium." });
const DAY_MS = 24 * 60 * 60 * 1000;

describe(`an edit during a running check on ${databaseKind}`, () => {
  it("gets its check of the new URL after a check in flight on the same worker", async () => {
    const db = t.database.handle.db;
    const user = await t.signUp("Business");
    site.set("/old-a", oldPage);
    site.set("/new-a", movedPage);
    site.hold("/old-a");
    // The first check runs in the app's own worker and waits on the old page.
    const id = await createMonitor(user.auth, "/old-a");
    await eventually(site.heldCount("/old-a"), (n) => n === 1);
    await moveTo(user.auth, id, "/new-a");
    site.release("/old-a");

    await eventually(
      () => checkCount(db, id),
      (n) => n === 2,
    );
    // The second check took the new page as the baseline: nothing compared across the two URLs.
    await eventually(
      () => stateOf(id),
      (s) => s.hasBaseline && s.nextCheckAt.getTime() > Date.now() + DAY_MS / 2,
    );
    expect(await changeCount(db, id)).toBe(0);
  });

  it("gets its check after a scheduled check another worker holds the lease of", async () => {
    const db = t.database.handle.db;
    const user = await t.signUp("Business");
    site.set("/old-b", oldPage);
    site.set("/new-b", movedPage);
    const id = await createMonitor(user.auth, "/old-b");
    await eventually(
      () => checkCount(db, id),
      (n) => n === 1,
    );
    const scheduler = schedulingWorker(t.database.handle.db);
    site.hold("/old-b");
    await db.update(monitors).set({ nextCheckAt: sql`now()` }).where(eq(monitors.id, id));
    scheduler.start();
    try {
      await eventually(site.heldCount("/old-b"), (n) => n === 1);
      await moveTo(user.auth, id, "/new-b");
      site.release("/old-b");

      await eventually(
        () => checkCount(db, id),
        (n) => n === 3,
      );
      await eventually(
        () => stateOf(id),
        (s) => s.hasBaseline && s.nextCheckAt.getTime() > Date.now() + DAY_MS / 2,
      );
      expect(await changeCount(db, id)).toBe(0);
    } finally {
      await scheduler.stop();
    }
  });
});
