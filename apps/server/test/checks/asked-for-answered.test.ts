/**
 * A check asked for by id (first check, "check now") that waits for a slot is not run again when another
 * worker's check of the monitor started meanwhile: the request is answered. Before the fix the waiting
 * worker claimed it anyway and fetched the page a second time, and such late checks, started before a
 * monitor's next due time was set and finished after, moved that due time a day ahead.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckWorker } from "../../src/checks/check-worker";
import { monitors } from "../../src/db/schema/monitors";
import { checkCount, insertPausedMonitors, testTiming } from "../monitors/support/checks";
import { type PageServer, productPage, startPageServer } from "../monitors/support/page-server";
import { databaseKind, eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let pages: PageServer;

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
  pages.set("/slow", { stall: true });
  pages.set("/other", productPage());
});
afterAll(async () => {
  await t.close();
  await pages.close();
});

const fetchSettings = { allowPrivateTargets: true, browserPool: null, totalTimeoutMs: 60_000 };

describe(`checks asked for by id on ${databaseKind}`, () => {
  it("are not run again when another worker checked the monitor while they waited for a slot", async () => {
    const db = t.database.handle.db;
    const user = await t.signUp("Business");
    const [slow, other] = await insertPausedMonitors(db, user.id, [pages.url("/slow"), pages.url("/other")]);
    await db.update(monitors).set({ paused: false }).where(sql`${monitors.id} in (${slow}, ${other})`);

    // One slot: the slow page's check holds it, so the other monitor's request waits.
    const waiting = createCheckWorker({
      db,
      fetch: fetchSettings,
      timing: testTiming,
      concurrency: 1,
      schedule: false,
      stopGraceMs: 100,
    });
    const scheduler = createCheckWorker({ db, fetch: fetchSettings, timing: testTiming, stopGraceMs: 100 });
    waiting.start();
    try {
      waiting.checkSoon(slow);
      await eventually(
        async () => pages.hits("/slow"),
        (n) => n === 1,
      );
      waiting.checkSoon(other);

      // Meanwhile a scheduler checks the other monitor.
      await db.update(monitors).set({ nextCheckAt: sql`now()` }).where(eq(monitors.id, other));
      expect(await scheduler.runOnce()).toBe(1);
      expect(await checkCount(db, other)).toBe(1);

      pages.releaseStalled();
      await eventually(
        () => checkCount(db, slow),
        (n) => n === 1,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(pages.hits("/other")).toBe(1);
      expect(await checkCount(db, other)).toBe(1);
    } finally {
      await waiting.stop();
    }
  });
});
