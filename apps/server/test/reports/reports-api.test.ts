import { reportSchema } from "@changeradar/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changes, checks, pricePoints } from "../../src/db/schema/checks";
import { monitors } from "../../src/db/schema/monitors";
import { MAX_REPORT_PRICE_POINTS } from "../../src/reports/reports.repository";
import { accountOn } from "../alerts/support/accounts";
import { createMonitor } from "../alerts/support/fixtures";
import { startTestServer, type TestServer } from "../helpers/server";
import { emptyStoredDiff } from "../helpers/stored-diff";

describe("reports API", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const db = () => server.database.handle.db;
  const day = "2026-02-10";
  const at = (time: string) => new Date(`${day}T${time}Z`);

  async function history(userId: string) {
    const monitor = await createMonitor(db(), userId);
    await db()
      .insert(checks)
      .values([
        {
          monitorId: monitor.id,
          startedAt: at("08:00:00"),
          durationMs: 120,
          status: "unchanged",
          httpStatus: 200,
        },
        {
          monitorId: monitor.id,
          startedAt: at("09:00:00"),
          durationMs: 130,
          status: "changed",
          httpStatus: 200,
        },
        {
          monitorId: monitor.id,
          startedAt: at("10:00:00"),
          durationMs: 90,
          status: "error",
          error: "timeout",
        },
      ]);
    await db()
      .insert(changes)
      .values({
        monitorId: monitor.id,
        detectedAt: at("09:00:01"),
        kinds: ["price", "text"],
        summary: 'Title changed to "Sale, today"',
        significance: 70,
        diff: emptyStoredDiff,
        priceBefore: 24.99,
        priceAfter: 19.99,
        currency: "USD",
      });
    await db()
      .insert(pricePoints)
      .values({ monitorId: monitor.id, at: at("09:00:01"), amount: 19.99, currency: "USD" });
    return monitor;
  }

  it("aggregates checks, changes, errors, kinds and prices for the range", async () => {
    const user = await accountOn(server, "Pro");
    const monitor = await history(user.id);
    const response = await user.client.get(`/reports?from=2026-02-09&to=${day}`);
    expect(response.status).toBe(200);
    const report = reportSchema.parse(response.body);
    expect(report.days).toEqual([
      { day: "2026-02-09", checks: 0, changes: 0, errors: 0 },
      { day, checks: 3, changes: 1, errors: 1 },
    ]);
    expect(report.byMonitor).toEqual([
      { monitorId: monitor.id, name: "Acme product", checks: 3, changes: 1, errors: 1 },
    ]);
    expect(report.byKind).toEqual({ price: 1, text: 1 });
    expect(report.errorRate).toBeCloseTo(1 / 3, 3);
    expect(report.prices).toEqual([
      {
        monitorId: monitor.id,
        name: "Acme product",
        currency: "USD",
        points: [{ at: at("09:00:01").toISOString(), amount: 19.99 }],
      },
    ]);
  });

  it("charts each monitor's price runs, so a month of frequent checks leaves no other monitor out", async () => {
    const user = await accountOn(server, "Pro");
    const named = async (name: string) => {
      const monitor = await createMonitor(db(), user.id);
      await db().update(monitors).set({ name }).where(eq(monitors.id, monitor.id));
      return monitor;
    };
    const busy = await named("A busy product");
    const quiet = await named("B quiet product");
    // The busy one: every 2 minutes for a day at 30, then at 25 — more points than a report charts.
    await db().execute(sql`
      insert into price_points (monitor_id, at, amount, currency)
      select ${busy.id}::uuid, ${at("00:00:00").toISOString()}::timestamptz + make_interval(secs => 2 * n),
        case when n < ${MAX_REPORT_PRICE_POINTS}::int then 30 else 25 end, 'USD'
      from generate_series(0, ${MAX_REPORT_PRICE_POINTS + 10}::int) as n`);
    await db()
      .insert(pricePoints)
      .values({ monitorId: quiet.id, at: at("12:00:00"), amount: 9.5, currency: "EUR" });
    const response = await user.client.get(`/reports?from=${day}&to=2026-02-12`);
    expect(response.status).toBe(200);
    const prices = reportSchema.parse(response.body).prices;
    expect(prices.map((series) => [series.name, series.points.map((point) => point.amount)])).toEqual([
      ["A busy product", [30, 30, 25, 25]],
      ["B quiet product", [9.5]],
    ]);
  });

  it("exports the changes as RFC 4180 CSV", async () => {
    const user = await accountOn(server, "Pro");
    await history(user.id);
    const response = await user.client.get<string>(`/reports/export.csv?from=${day}&to=${day}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toContain(`changeradar-changes-${day}-to-${day}.csv`);
    const lines = response.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "detected_at,monitor,url,kinds,significance,summary,price_before,price_after,currency",
    );
    expect(lines[1]).toBe(
      `${at("09:00:01").toISOString()},Acme product,https://shop.example.com/product,price text,70,"Title changed to ""Sale, today""",24.99,19.99,USD`,
    );
    expect(lines[2]).toBe("");
  });

  it("keeps to the user's own monitors and refuses bad ranges", async () => {
    const owner = await accountOn(server, "Pro");
    const intruder = await accountOn(server, "Pro");
    const monitor = await history(owner.id);
    expect((await intruder.client.get(`/reports?monitorId=${monitor.id}`)).status).toBe(404);
    expect((await intruder.client.get(`/reports/export.csv?monitorId=${monitor.id}`)).status).toBe(404);
    const empty = reportSchema.parse((await intruder.client.get(`/reports?from=${day}&to=${day}`)).body);
    expect(empty.days).toEqual([{ day, checks: 0, changes: 0, errors: 0 }]);
    expect((await owner.client.get("/reports?from=2026-02-10&to=2026-02-01")).status).toBe(400);
    expect((await owner.client.get("/reports?from=2020-01-01&to=2026-02-01")).status).toBe(400);
    expect((await owner.client.get("/reports?from=yesterday")).status).toBe(400);
  });
});
