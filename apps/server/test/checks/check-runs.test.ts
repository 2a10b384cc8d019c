import type { Snapshot } from "@changeradar/engine";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checksPerDay as adminChecksPerDay, checkCounts } from "../../src/admin/admin-dashboard.repository";
import { createCheckWriter, recordCheck } from "../../src/checks/check-writer";
import { claimMonitor, claimMonitors } from "../../src/checks/claims.repository";
import { presentCheck, presentPricePoint } from "../../src/checks/history.presenter";
import { listChecks, listPricePoints } from "../../src/checks/history.repository";
import type { PageCheckOutcome } from "../../src/checks/page-check";
import { checks, pricePoints } from "../../src/db/schema/checks";
import { monitors } from "../../src/db/schema/monitors";
import { recentChecks } from "../../src/metrics/metrics.repository";
import { checksPerDay, checksPerMonitor } from "../../src/reports/reports.repository";
import { useTestDatabase } from "../helpers/database";
import { testSnapshot, usd } from "../helpers/snapshot";
import { emptyStoredDiff } from "../helpers/stored-diff";
import { checkCount, insertOwner, insertPausedMonitors, testTiming } from "../monitors/support/checks";

const database = useTestDatabase();

const db = () => database.db;
const page = (price: number): Snapshot =>
  testSnapshot({
    title: "Anvil",
    lines: ["Anvil", `USD ${price}`],
    price: usd(price),
    availability: "in_stock",
  });
const fetched = { httpStatus: 200, durationMs: 50, etag: null, lastModified: null, bodyHash: "b:k" };
const sameBody: PageCheckOutcome = { ...fetched, kind: "same_body" };
const baseline: PageCheckOutcome = {
  ...fetched,
  kind: "baseline",
  version: { snapshot: page(1) },
  screenshot: null,
  fingerprint: "f",
};
const parsedAt = (price: number): PageCheckOutcome => ({
  ...fetched,
  kind: "unchanged",
  version: { snapshot: page(price) },
  rebase: false,
  fingerprint: "f",
});
const changed: PageCheckOutcome = {
  ...fetched,
  kind: "changed",
  version: { snapshot: page(1) },
  screenshot: null,
  result: {
    changed: true,
    alert: true,
    kinds: ["text"],
    significance: 60,
    summary: "Text changed",
    diffs: { ...emptyStoredDiff, text: [{ op: "add", after: "New" }], visual: null },
    conditions: [],
    flipFlop: false,
    fingerprint: "f2",
  },
};

async function newMonitor(): Promise<string> {
  const owner = await insertOwner(db());
  const [id] = await insertPausedMonitors(db(), owner.id, ["https://shop.example/anvil"]);
  await db().update(monitors).set({ paused: false }).where(eq(monitors.id, id));
  return id;
}

/** One check of the monitor with this outcome, started at `at`, through the writer as a worker records it. */
async function check(id: string, outcome: PageCheckOutcome, at: Date): Promise<void> {
  const monitor = await claimMonitor(db(), id, "runs", testTiming.leaseMs);
  if (!monitor) throw new Error("not claimed");
  await recordCheck(createCheckWriter(db(), "runs"), monitor, outcome, at, {
    startedAt: at,
    timing: testTiming,
  });
}

const rowsOf = (id: string) =>
  db().select().from(checks).where(eq(checks.monitorId, id)).orderBy(asc(checks.startedAt));
const pointsOf = (id: string) => db().select().from(pricePoints).where(eq(pricePoints.monitorId, id));
const minutesAfter = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);
/** The start of the hour before this one: recent, and a run of minutes from it stays within one UTC day. */
function anHourAgoOnTheHour(): Date {
  const start = new Date(Date.now() - 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  return start;
}

describe("a run of unchanged checks", () => {
  it("ten same-body checks after the first add no check row and no price point", async () => {
    const id = await newMonitor();
    const start = anHourAgoOnTheHour();
    await check(id, baseline, start);
    const rowsBefore = (await rowsOf(id)).length;
    for (let i = 1; i <= 10; i++) await check(id, sameBody, minutesAfter(start, i));
    expect(await rowsOf(id)).toHaveLength(rowsBefore);
    expect(await pointsOf(id)).toHaveLength(1);
    expect(await checkCount(db(), id)).toBe(11);
  });

  it("starts a new row at a change, an error, another result or HTTP status, and a new UTC day", async () => {
    const id = await newMonitor();
    const day = new Date("2026-03-10T22:00:00Z");
    const steps: [PageCheckOutcome, number][] = [
      [baseline, 0],
      [sameBody, 5],
      [changed, 10],
      [sameBody, 15],
      [sameBody, 20],
      [{ ...fetched, kind: "same_body", httpStatus: 203 }, 25],
      [{ ...fetched, kind: "error", error: "Timed out" }, 30],
      [{ ...fetched, kind: "error", error: "Timed out" }, 35],
      [{ ...fetched, kind: "not_modified" }, 40],
      [sameBody, 45],
      [sameBody, 50],
      [sameBody, 125], // 00:05 the next day
    ];
    for (const [outcome, minutes] of steps) await check(id, outcome, minutesAfter(day, minutes));
    const rows = (await rowsOf(id)).map((r) => [r.status, r.httpStatus, 1 + r.repeats]);
    expect(rows).toEqual([
      ["unchanged", 200, 2],
      ["changed", 200, 1],
      ["unchanged", 200, 2],
      ["unchanged", 203, 1],
      ["error", 200, 1],
      ["error", 200, 1],
      ["not_modified", 200, 1],
      ["unchanged", 200, 2],
      ["unchanged", 200, 1],
    ]);
  });

  describe("is read as its checks", () => {
    // After every other check of this database: the metrics read the newest checks.
    const start = new Date("2099-02-02T10:00:00Z");
    let id: string;
    let userId: string;
    beforeAll(async () => {
      id = await newMonitor();
      [{ userId }] = await db().select({ userId: monitors.userId }).from(monitors).where(eq(monitors.id, id));
      // Five checks ten minutes apart, 10:00 to 10:40, the last one slower.
      await check(id, baseline, start);
      for (let i = 1; i <= 4; i++)
        await check(id, { ...sameBody, durationMs: i === 4 ? 250 : 50 }, minutesAfter(start, 10 * i));
    });

    it("by the history list: one row of five checks, from the first to the last", async () => {
      const { rows, total } = await listChecks(db(), id, { page: 1, pageSize: 20 });
      expect(total).toBe(1);
      expect(presentCheck(rows[0])).toMatchObject({
        status: "unchanged",
        count: 5,
        startedAt: start.toISOString(),
        lastStartedAt: minutesAfter(start, 40).toISOString(),
        durationMs: 90,
      });
      // A history window that starts within the run still shows it.
      expect((await listChecks(db(), id, { page: 1, pageSize: 20 }, minutesAfter(start, 35))).total).toBe(1);
    });

    it("by reports, the admin dashboard and the metrics", async () => {
      const scope = { userId, from: new Date("2099-02-02T00:00:00Z"), to: new Date("2099-02-03T00:00:00Z") };
      expect(await checksPerDay(db(), scope)).toEqual([{ day: "2099-02-02", checks: 5, errors: 0 }]);
      expect(await checksPerMonitor(db(), scope)).toMatchObject([{ monitorId: id, checks: 5, errors: 0 }]);
      const adminDays = await adminChecksPerDay(db(), scope.from);
      expect(adminDays.find((d) => d.day === "2099-02-02")).toEqual({
        day: "2099-02-02",
        count: 5,
        failed: 0,
      });
      // Since 10:15: the checks of 10:20, 10:30 and 10:40.
      const since = await checkCounts(db(), minutesAfter(start, 15));
      expect(since.total).toBe(3);
      const recent = await recentChecks(db(), 15 * 60, minutesAfter(start, 40.5)); // since 10:25.5
      expect(recent.find((r) => r.outcome === "unchanged")?.count).toBe(2);
    });

    it("by the claim of an asked-for check: a check of the run started since answers the request", async () => {
      const answered = await claimMonitors(db(), [{ id, askedAt: minutesAfter(start, 35) }], "other", 60_000);
      expect(answered).toEqual([]);
      const claimed = await claimMonitors(db(), [{ id, askedAt: minutesAfter(start, 45) }], "other", 60_000);
      expect(claimed.map((m) => m.id)).toEqual([id]);
      await db().update(monitors).set({ leaseOwner: null, leaseUntil: null }).where(eq(monitors.id, id));
    });
  });
});

describe("price points", () => {
  it("are written when the price moves; a price seen again extends its point, and the chart ends runs there", async () => {
    const id = await newMonitor();
    const start = anHourAgoOnTheHour();
    const prices = [1, 1, 1, 2, 2, 1];
    for (const [i, price] of prices.entries())
      await check(id, i === 0 ? baseline : parsedAt(price), minutesAfter(start, i));
    const points = await pointsOf(id);
    expect(points.map((p) => [p.amount, p.at, p.lastSeenAt])).toEqual([
      [1, start, minutesAfter(start, 2)],
      [2, minutesAfter(start, 3), minutesAfter(start, 4)],
      [1, minutesAfter(start, 5), null],
    ]);
    const chart = (await listPricePoints(db(), id, null)).map(presentPricePoint);
    expect(chart.map((p) => [p.amount, p.at])).toEqual(
      [
        [1, 0],
        [1, 2],
        [2, 3],
        [2, 4],
        [1, 5],
      ].map(([amount, minutes]) => [amount, minutesAfter(start, minutes).toISOString()]),
    );
    // A window from within the first run still shows when that price was last seen.
    const windowed = await listPricePoints(db(), id, minutesAfter(start, 1));
    expect(windowed.map((p) => p.at.toISOString())[0]).toBe(minutesAfter(start, 2).toISOString());
  });
});
