import { eq } from "drizzle-orm";
import parsePrometheusTextFormat, { type MetricFamily } from "parse-prometheus-text-format";
import { beforeAll, describe, expect, it } from "vitest";
import { checks, deliveries, monitors } from "../../src/db/schema";
import { createMonitor, createUser } from "../alerts/support/fixtures";
import { connectAsRole } from "../helpers/database";
import { useTestServer } from "../helpers/server";
import { databaseKind } from "../monitors/support/test-app";

const TOKEN = "metrics-token-0123456789";
const t = useTestServer({ METRICS_TOKEN: TOKEN });

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  fetch(`${t.server.baseUrl}/metrics`, { headers });

const family = (families: MetricFamily[], name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no metric ${name}`);
  return found;
};
const sampleValue = (f: MetricFamily, labels: Record<string, string>) =>
  Number(f.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value);

describe("GET /metrics (Prometheus text format)", () => {
  beforeAll(async () => {
    const db = t.server.database.handle.db;
    const owner = await createUser(db);
    const monitor = await createMonitor(db, owner.id);
    const now = t.server.clock.now();
    await db
      .update(monitors)
      .set({ nextCheckAt: new Date(now.getTime() - 90_000), paused: false })
      .where(eq(monitors.id, monitor.id));
    await db.insert(checks).values([
      {
        monitorId: monitor.id,
        startedAt: new Date(now.getTime() - 10_000),
        durationMs: 400,
        status: "unchanged",
      },
      {
        monitorId: monitor.id,
        startedAt: new Date(now.getTime() - 5_000),
        durationMs: 1200,
        status: "changed",
      },
      { monitorId: monitor.id, startedAt: new Date(now.getTime() - 4_000), durationMs: 800, status: "error" },
      // Older than the window: not counted.
      {
        monitorId: monitor.id,
        startedAt: new Date(now.getTime() - 3_600_000),
        durationMs: 100,
        status: "error",
      },
    ]);
    const delivery = { userId: owner.id, channelName: "hook" } as const;
    await db.insert(deliveries).values([
      { ...delivery, channelType: "webhook", status: "pending" },
      { ...delivery, channelType: "webhook", status: "pending" },
      { ...delivery, channelType: "email", status: "failed" },
      { ...delivery, channelType: "webhook", status: "delivered", deliveredAt: now },
      { ...delivery, channelType: "slack", status: "dead", nextAttemptAt: now },
    ]);
  });

  it("asks the scraper for METRICS_TOKEN", async () => {
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ authorization: "Bearer wrong-token-wrong-token" })).status).toBe(403);
    expect((await scrape()).status).toBe(200);
  });

  it("reports checks, lag, outbox, deliveries, HTTP latency and process memory, parsed by a Prometheus parser", async () => {
    await fetch(`${t.server.baseUrl}/api/v1/health`);
    await fetch(`${t.server.baseUrl}/api/v1/monitors`);
    const response = await scrape();
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const families = parsePrometheusTextFormat(text);

    const outcomes = family(families, "changeradar_checks_recent");
    expect(outcomes.type).toBe("GAUGE");
    expect(sampleValue(outcomes, { outcome: "unchanged" })).toBe(1);
    expect(sampleValue(outcomes, { outcome: "changed" })).toBe(1);
    expect(sampleValue(outcomes, { outcome: "error" })).toBe(1);
    expect(
      sampleValue(family(families, "changeradar_check_duration_seconds"), {
        outcome: "changed",
        quantile: "0.5",
      }),
    ).toBe(1.2);

    expect(
      Number(family(families, "changeradar_scheduling_lag_seconds").metrics[0]?.value),
    ).toBeGreaterThanOrEqual(90);

    const outbox = family(families, "changeradar_outbox_depth");
    expect(sampleValue(outbox, { channel: "webhook", status: "pending" })).toBe(2);
    expect(sampleValue(outbox, { channel: "email", status: "failed" })).toBe(1);
    const ended = family(families, "changeradar_deliveries_recent");
    expect(sampleValue(ended, { channel: "webhook", result: "delivered" })).toBe(1);
    expect(sampleValue(ended, { channel: "slack", result: "dead" })).toBe(1);

    const http = family(families, "changeradar_http_request_duration_seconds");
    expect(http.type).toBe("HISTOGRAM");
    expect(http.metrics.some((m) => Number(m.buckets?.["+Inf"]) >= 1)).toBe(true);
    // This parser keeps no labels on histograms: read the series lines, by route pattern and status.
    expect(text).toContain('_count{method="GET",route="/api/v1/health",status="200"}');
    // Routes by pattern, never by raw URL.
    expect(text).toContain('_count{method="GET",route="/api/v1/monitors",status="401"}');

    expect(Number(family(families, "process_resident_memory_bytes").metrics[0]?.value)).toBeGreaterThan(0);
  });
});

describe("GET /metrics: whether a check worker is connected", () => {
  const connected = async () =>
    parsePrometheusTextFormat(await (await scrape()).text()).find(
      (f) => f.name === "changeradar_check_worker_connected",
    )?.metrics[0]?.value;

  it.runIf(databaseKind === "postgres")(
    "on PostgreSQL: 0 while no worker or serve node is connected to the database, 1 once one is",
    async () => {
      expect(await connected()).toBe("0");
      const worker = await connectAsRole(t.server.database.location, "worker");
      try {
        expect(await connected()).toBe("1");
      } finally {
        await worker.close();
      }
    },
  );

  it.runIf(databaseKind === "pglite")(
    "on the embedded database (one process, checking its own pages): not reported",
    async () => {
      expect(await connected()).toBeUndefined();
    },
  );
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("answers this machine only", async () => {
    const local = await t.server.startSibling({ METRICS_TOKEN: "" });
    try {
      const response = await fetch(`${local.baseUrl}/metrics`);
      expect(response.status).toBe(200);
      expect(parsePrometheusTextFormat(await response.text()).length).toBeGreaterThan(5);
    } finally {
      await local.close();
    }
  });
});
