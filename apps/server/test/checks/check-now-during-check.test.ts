/**
 * "Check now" pressed while a check of the same monitor is running gets a check of the page as it is
 * after the press. Before the fix the press was dropped: the worker running the check skipped it
 * ("already in flight"), another worker could not claim the leased monitor and gave up, and the running
 * check, when it finished, moved the due time the press had set a day ahead.
 */
import { monitorSchema } from "@changeradar/contracts";
import { sharedEnginePool } from "@changeradar/engine";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monitors } from "../../src/db/schema/monitors";
import {
  changeCount,
  checkCount,
  insertPausedMonitors,
  manualWorker,
  schedulingWorker,
} from "../monitors/support/checks";
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
const oldPage = productPage({ text: "A sturdy anvil for every workshop." });
const newPage = productPage({ text: "Now forged from titanium, lighter than ever." });

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

async function checkNow(auth: { authorization: string }, id: string): Promise<void> {
  const res = await t.app.inject({ method: "POST", url: `/api/v1/monitors/${id}/check`, headers: auth });
  expect(res.statusCode).toBe(202);
}

describe(`check now during a running check on ${databaseKind}`, () => {
  it("runs again after a scheduled check another worker holds the lease of", async () => {
    const db = t.database.handle.db;
    const user = await t.signUp("Business");
    site.set("/scheduled", oldPage);
    const id = await createMonitor(user.auth, "/scheduled");
    await eventually(
      () => checkCount(db, id),
      (n) => n === 1,
    );

    // The scheduler (another worker, as on a `worker` node) takes the monitor when it is due.
    const scheduler = schedulingWorker(t.database.handle.db);
    site.hold("/scheduled");
    await db.update(monitors).set({ nextCheckAt: sql`now()` }).where(eq(monitors.id, id));
    scheduler.start();
    try {
      await eventually(site.heldCount("/scheduled"), (n) => n === 1);
      // The user asks for a check while the scheduled one waits on the page, then the page changes.
      await checkNow(user.auth, id);
      site.set("/scheduled", newPage);
      site.release("/scheduled");

      await eventually(
        () => changeCount(db, id),
        (n) => n === 1,
      );
      expect(await checkCount(db, id)).toBe(3);
    } finally {
      await scheduler.stop();
    }
  });

  it("runs again after a check in flight on the worker the press reached", async () => {
    const db = t.database.handle.db;
    const user = await t.signUp("Business");
    site.set("/first", oldPage);
    site.hold("/first");
    // The first check runs in the app's own worker and waits on the page.
    const id = await createMonitor(user.auth, "/first");
    await eventually(site.heldCount("/first"), (n) => n === 1);
    await checkNow(user.auth, id);
    site.set("/first", newPage);
    site.release("/first");

    await eventually(
      () => changeCount(db, id),
      (n) => n === 1,
    );
    expect(await checkCount(db, id)).toBe(2);
  });

  it("a check asked of the worker while it runs one of the monitor follows it", async () => {
    // The race CI met: a request that reached the worker after the check's row was written, before the
    // worker had let go of the check, was dropped, and a worker without a scheduler never checked again.
    const db = t.database.handle.db;
    const user = await t.signUp("Business");
    site.set("/asked-twice", oldPage);
    const [id] = await insertPausedMonitors(db, user.id, [url("/asked-twice")]);
    const later = new Date(Date.now() + 86_400_000);
    await db.update(monitors).set({ paused: false, nextCheckAt: later }).where(eq(monitors.id, id));
    const worker = manualWorker(db);
    try {
      site.hold("/asked-twice");
      worker.checkSoon(id);
      await eventually(site.heldCount("/asked-twice"), (n) => n === 1);
      worker.checkSoon(id);
      site.set("/asked-twice", newPage);
      site.release("/asked-twice");
      await eventually(
        () => changeCount(db, id),
        (n) => n === 1,
      );
      expect(await checkCount(db, id)).toBe(2);
    } finally {
      await worker.stop();
    }
  });

  it("a check asked for while another runs is not crowded out by a request waiting for that one", async () => {
    // Two slots: one holds the running check of the first monitor, one is free. A second "check now" of the
    // first monitor waits for its check to end; it used to count as a request waiting for a slot, so the
    // worker left the second monitor (not due for a day) to its scheduler, which never took it.
    const db = t.database.handle.db;
    const user = await t.signUp("Business");
    site.set("/held", oldPage);
    site.set("/other", oldPage);
    const [held, other] = await insertPausedMonitors(db, user.id, [url("/held"), url("/other")]);
    const later = new Date(Date.now() + 86_400_000);
    await db.update(monitors).set({ paused: false, nextCheckAt: later }).where(eq(monitors.userId, user.id));
    const worker = schedulingWorker(db, { concurrency: 2 });
    worker.start();
    try {
      site.hold("/held");
      worker.checkSoon(held);
      await eventually(site.heldCount("/held"), (n) => n === 1);
      worker.checkSoon(held);
      worker.checkSoon(other);
      await eventually(
        () => checkCount(db, other),
        (n) => n === 1,
      );
      site.release("/held");
      await eventually(
        () => checkCount(db, held),
        (n) => n === 2,
      );
    } finally {
      await worker.stop();
    }
  });
});
