import client from "prom-client";
import { passwordHashing } from "../auth/passwords";
import type { Clock } from "../clock";
import { checkWorkerConnected } from "../db/connection-names";
import type { Database, DatabaseHandle } from "../db/database";
import { outboxDepth, recentChecks, recentDeliveries, schedulingLagSeconds } from "./metrics.repository";

/** The window of the "recent" gauges read from the database at scrape time. */
export const RECENT_SECONDS = 300;

/**
 * One Prometheus registry per app: process metrics (memory, CPU, event-loop lag, GC), HTTP latency observed
 * in this process, and the work of the whole deployment read from the database at scrape time (checks,
 * scheduling lag, outbox, deliveries), so any API node reports what every worker did.
 */
export function createMetrics(deps: { db: Database; clock: Clock; databaseKind: DatabaseHandle["kind"] }) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const httpDuration = new client.Histogram({
    name: "changeradar_http_request_duration_seconds",
    help: "HTTP request latency by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new client.Gauge({
    name: "changeradar_checks_recent",
    help: `Checks recorded in the last ${RECENT_SECONDS} s, by outcome`,
    labelNames: ["outcome"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await recentChecks(deps.db, RECENT_SECONDS, deps.clock.now())) {
        this.set({ outcome: row.outcome }, row.count);
      }
    },
  });
  new client.Gauge({
    name: "changeradar_check_duration_seconds",
    help: `Check duration over the last ${RECENT_SECONDS} s, by outcome and quantile`,
    labelNames: ["outcome", "quantile"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await recentChecks(deps.db, RECENT_SECONDS, deps.clock.now())) {
        this.set({ outcome: row.outcome, quantile: "0.5" }, Number(row.p50 ?? 0));
        this.set({ outcome: row.outcome, quantile: "0.95" }, Number(row.p95 ?? 0));
      }
    },
  });
  // On the embedded database the one process checks its own pages; on PostgreSQL API nodes check none.
  if (deps.databaseKind === "postgres")
    new client.Gauge({
      name: "changeradar_check_worker_connected",
      help: "1 while a process that checks pages (changeradar worker or serve) is connected to the database, else 0",
      registers: [registry],
      async collect() {
        this.set((await checkWorkerConnected(deps.db)) ? 1 : 0);
      },
    });
  new client.Gauge({
    name: "changeradar_scheduling_lag_seconds",
    help: "How long the most overdue active monitor has been waiting for its check",
    registers: [registry],
    async collect() {
      this.set(await schedulingLagSeconds(deps.db, deps.clock.now()));
    },
  });
  new client.Gauge({
    name: "changeradar_outbox_depth",
    help: "Alert deliveries waiting to be sent, by channel and state",
    labelNames: ["channel", "status"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await outboxDepth(deps.db))
        this.set({ channel: row.channel, status: row.status }, row.count);
    },
  });
  new client.Gauge({
    name: "changeradar_deliveries_recent",
    help: `Deliveries that ended in the last ${RECENT_SECONDS} s, by channel and result (delivered, dead)`,
    labelNames: ["channel", "result"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await recentDeliveries(deps.db, RECENT_SECONDS, deps.clock.now())) {
        this.set({ channel: row.channel, result: row.result }, row.count);
      }
    },
  });

  new client.Gauge({
    name: "changeradar_password_hashes",
    help: "Password hashes in this process running in their slots and waiting for one, by state",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "running" }, passwordHashing.inFlight);
      this.set({ state: "waiting" }, passwordHashing.waiting);
    },
  });
  new client.Gauge({
    name: "changeradar_password_hashes_peak_running",
    help: `The most password hashes this process has run at once (its slots: ${passwordHashing.slots})`,
    registers: [registry],
    collect() {
      this.set(passwordHashing.peakInFlight);
    },
  });

  return {
    registry,
    observeRequest(labels: { method: string; route: string; status: number }, seconds: number) {
      httpDuration.observe({ ...labels, status: String(labels.status) }, seconds);
    },
  };
}
