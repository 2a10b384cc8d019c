import { changeDetailSchema, checkSchema, monitorSchema } from "@changeradar/contracts";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckWorker } from "../../src/checks/check-worker";
import { MAX_PRICE_POINTS } from "../../src/checks/history.repository";
import { monitors } from "../../src/db/schema/monitors";
import {
  changeCount,
  checkCount,
  checkOnce,
  manualWorker,
  notificationTypes,
  testTiming,
} from "../monitors/support/checks";
import { type PageServer, productPage, startPageServer } from "../monitors/support/page-server";
import { eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let pages: PageServer;
let worker: CheckWorker;

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
  worker = manualWorker(t.database.handle.db);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await pages.close();
});

async function createMonitor(path: string, body: Record<string, unknown> = {}) {
  const owner = await t.signUp("Business");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/monitors",
    headers: owner.auth,
    payload: { url: pages.url(path), frequency: "1d", watch: ["text", "price"], ...body },
  });
  expect(res.statusCode).toBe(201);
  const monitor = monitorSchema.parse(res.json());
  // The first check starts at once on creation.
  await eventually(
    () => checkCount(t.database.handle.db, monitor.id),
    (n) => n === 1,
  );
  return { owner, monitor };
}

const get = (auth: { authorization: string }, url: string) =>
  t.app.inject({ method: "GET", url, headers: auth });

describe("first check", () => {
  it("takes a baseline at once, with one fetch", async () => {
    pages.set("/first", productPage());
    const { owner, monitor } = await createMonitor("/first");
    expect(pages.hits("/first")).toBe(1);
    const read = monitorSchema.parse((await get(owner.auth, `/api/v1/monitors/${monitor.id}`)).json());
    expect(read.lastCheckedAt).not.toBeNull();
    expect(read.latest).toEqual({
      title: "Acme Anvil",
      price: { amount: 24.99, currency: "USD" },
      availability: "in_stock",
    });
    const checks = (await get(owner.auth, `/api/v1/monitors/${monitor.id}/checks`)).json();
    expect(checks.items.map((c: unknown) => checkSchema.parse(c).status)).toEqual(["unchanged"]);
    expect((await get(owner.auth, `/api/v1/monitors/${monitor.id}/changes`)).json().items).toEqual([]);
    expect((await get(owner.auth, `/api/v1/monitors/${monitor.id}/prices`)).json().items).toMatchObject([
      { amount: 24.99, currency: "USD" },
    ]);
  });
});

describe("price history", () => {
  /** `count` points before now, `minutesApart`, the last one newest; `amount` is SQL over n (1 = oldest). */
  const insertPoints = (monitorId: string, count: number, amount: SQL, minutesApart = 5) =>
    t.database.handle.db.execute(sql`
      insert into price_points (monitor_id, at, amount, currency)
      select ${monitorId}::uuid, now() - make_interval(mins => ${minutesApart}::int * (${count}::int + 1 - n)), ${amount}, 'USD'
      from generate_series(1, ${count}::int) as n`);

  it("keeps each price's first and last sighting: a month at one price is two points, and ends at the current", async () => {
    pages.set("/long-history", productPage());
    const { owner, monitor } = await createMonitor("/long-history");
    // A month of checks every 5 minutes at an older price, before the first check's point.
    await insertPoints(monitor.id, 8_640, sql`30`);
    const items = (await get(owner.auth, `/api/v1/monitors/${monitor.id}/prices`)).json().items;
    expect(items.map((p: { amount: number }) => p.amount)).toEqual([30, 30, 24.99]);
    expect(Date.parse(items[1].at) - Date.parse(items[0].at)).toBe(8_639 * 5 * 60_000);
  });

  it("keeps every change, and past the limit the newest points", async () => {
    pages.set("/busy-history", productPage());
    const { owner, monitor } = await createMonitor("/busy-history");
    // A price that changes at every check: every point is a change.
    await insertPoints(monitor.id, MAX_PRICE_POINTS + 100, sql`10 + n % 7`, 1);
    const items = (await get(owner.auth, `/api/v1/monitors/${monitor.id}/prices`)).json().items;
    expect(items).toHaveLength(MAX_PRICE_POINTS);
    expect(items.at(-1)).toMatchObject({ amount: 24.99, currency: "USD" });
    expect(Date.parse(items[0].at)).toBeLessThan(Date.parse(items[1].at));
  });
});

describe("changes", () => {
  it("a page that changes gives one change with its kinds, diff and prices", async () => {
    pages.set("/change", productPage());
    const { owner, monitor } = await createMonitor("/change");
    const db = t.database.handle.db;
    await checkOnce(db, worker, monitor.id);
    expect(await changeCount(db, monitor.id)).toBe(0);

    pages.set("/change", productPage({ price: "$19.99", text: "Now with a free hammer." }));
    await checkOnce(db, worker, monitor.id);
    await checkOnce(db, worker, monitor.id);
    const list = (await get(owner.auth, `/api/v1/monitors/${monitor.id}/changes`)).json();
    expect(list.total).toBe(1);
    const detail = changeDetailSchema.parse(
      (await get(owner.auth, `/api/v1/changes/${list.items[0].id}`)).json(),
    );
    expect(detail.kinds).toEqual(expect.arrayContaining(["price", "text"]));
    expect(detail.price).toMatchObject({ before: 24.99, after: 19.99, currency: "USD" });
    expect(detail.textDiff.some((line) => line.after?.includes("free hammer"))).toBe(true);
    expect(detail.summary.length).toBeGreaterThan(0);
    expect(await notificationTypes(db, monitor.id)).toEqual(["change"]);
    const recent = (await get(owner.auth, "/api/v1/changes")).json();
    expect(recent.items.map((c: { id: string }) => c.id)).toEqual([detail.id]);

    const rated = await t.app.inject({
      method: "POST",
      url: `/api/v1/changes/${detail.id}/rating`,
      headers: owner.auth,
      payload: { rating: "noise", addIgnoreRules: ["free hammer"] },
    });
    expect(rated.json().rating).toBe("noise");
    expect((await get(owner.auth, `/api/v1/monitors/${monitor.id}`)).json().ignore).toEqual(["free hammer"]);
  });

  it("a page flipping between two versions alerts once", async () => {
    const a = productPage({ text: "Version A of the page" });
    const b = productPage({ text: "Version B of the page" });
    pages.set("/flip", a);
    const { monitor } = await createMonitor("/flip", { watch: ["text"] });
    const db = t.database.handle.db;
    for (const version of [b, a, b, a, b]) {
      pages.set("/flip", version);
      await checkOnce(db, worker, monitor.id);
    }
    expect(await changeCount(db, monitor.id)).toBe(1);
    expect(await notificationTypes(db, monitor.id)).toEqual(["change"]);
  });

  it("a 304 is recorded as not modified", async () => {
    pages.set("/etag", { body: productPage(), headers: { etag: '"v1"' } });
    const { owner, monitor } = await createMonitor("/etag");
    const [row] = await t.database.handle.db.select().from(monitors).where(eq(monitors.id, monitor.id));
    expect(row.etag).toBe('"v1"');
    pages.set("/etag", { status: 304, headers: { etag: '"v1"' } });
    await checkOnce(t.database.handle.db, worker, monitor.id);
    const checks = (await get(owner.auth, `/api/v1/monitors/${monitor.id}/checks`)).json();
    expect(checks.items.map((c: { status: string }) => c.status)).toEqual(["not_modified", "unchanged"]);
  });
});

const slug = (text: string) => text.replace(/\W+/g, "-");

describe("failing pages", () => {
  for (const [what, failure] of [
    ["goes 404", { status: 404, body: "gone" }],
    ["times out", { stall: true }],
    ["blocks us", { status: 403, body: "Access denied" }],
  ] as const) {
    it(`a page that ${what}: errors back off, ONE failing alert after 3, no false change, then recovered`, async () => {
      pages.set(`/fail-${slug(what)}`, productPage());
      const { owner, monitor } = await createMonitor(`/fail-${slug(what)}`, { watch: ["text"] });
      const db = t.database.handle.db;
      pages.set(`/fail-${slug(what)}`, failure);
      const gaps: number[] = [];
      for (let i = 1; i <= 5; i++) {
        await checkOnce(db, worker, monitor.id);
        const [row] = await db.select().from(monitors).where(eq(monitors.id, monitor.id));
        expect(row.consecutiveFailures).toBe(i);
        gaps.push(row.nextCheckAt.getTime() - (row.lastCheckedAt as Date).getTime());
      }
      // Exponential backoff from the retry base: 1 s, 2 s, 4 s, 8 s, 16 s.
      expect(gaps).toEqual([1000, 2000, 4000, 8000, 16000]);
      expect(await notificationTypes(db, monitor.id)).toEqual(["failing"]);
      const read = monitorSchema.parse((await get(owner.auth, `/api/v1/monitors/${monitor.id}`)).json());
      expect(read.status).toBe("failing");
      expect(read.lastError).toBeTruthy();

      pages.set(`/fail-${slug(what)}`, productPage());
      await checkOnce(db, worker, monitor.id);
      expect(await notificationTypes(db, monitor.id)).toEqual(["failing", "recovered"]);
      expect(await changeCount(db, monitor.id)).toBe(0);
      const statuses = (await get(owner.auth, `/api/v1/monitors/${monitor.id}/checks`))
        .json()
        .items.map((c: { status: string }) => c.status);
      expect(statuses).toEqual(["unchanged", "error", "error", "error", "error", "error", "unchanged"]);
    });
  }

  it("backoff is capped at the monitor's interval", async () => {
    pages.set("/cap", productPage());
    const { monitor } = await createMonitor("/cap", { watch: ["text"] });
    const db = t.database.handle.db;
    await db.update(monitors).set({ consecutiveFailures: 40 }).where(eq(monitors.id, monitor.id));
    pages.set("/cap", { status: 500 });
    await checkOnce(db, worker, monitor.id);
    const [row] = await db.select().from(monitors).where(eq(monitors.id, monitor.id));
    expect(row.nextCheckAt.getTime() - (row.lastCheckedAt as Date).getTime()).toBe(
      testTiming.intervalMs("1d"),
    );
  });
});
