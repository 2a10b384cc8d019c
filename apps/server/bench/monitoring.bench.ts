/**
 * The monitoring service under load (issue 4's benchmark): N monitors on pages served from 127.0.0.1,
 * checked by the real scheduler and workers on the real database, changes delivered by the real
 * dispatcher to a local webhook receiver. Prints ONE JSON object.
 *
 * BENCH_SIZES (default "1000,10000"), BENCH_RATE (scheduled checks per second, default 100),
 * BENCH_WINDOW_SECONDS (scheduled phase length, default 20), DATABASE_URL (PostgreSQL instead of PGlite).
 */
import { sql } from "drizzle-orm";
import { createDispatcher } from "../src/alerts/dispatch/dispatcher";
import { defaultCheckTiming } from "../src/checks/check-timing";
import { createCheckWorker } from "../src/checks/check-worker";
import { systemClock } from "../src/clock";
import { startBenchPages, startWebhookReceiver } from "./bench-servers";
import {
  type BenchEnvironment,
  countRows,
  insertMonitors,
  openBenchEnvironment,
  scheduleSpread,
} from "./bench-setup";
import { percentile, round, rssSampler } from "./bench-stats";
import { growth, tableBytes, totalBytes } from "./table-bytes";

const sizes = (process.env.BENCH_SIZES ?? "1000,10000").split(",").map(Number);
const rate = Number(process.env.BENCH_RATE ?? 100);
const windowSeconds = Number(process.env.BENCH_WINDOW_SECONDS ?? 20);
const CONCURRENCY = 32;
const CHANGED_SHARE = 10;
/** From the capacity pass's schedule to its due time: room to read the tables' sizes before any check. */
const CAPACITY_LEAD_MS = 1_000;
const CHANGE_TABLES = ["changes", "snapshots", "blobs", "notifications", "deliveries"];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(200);
  }
  return false;
}

/** Checks recorded: a row is one check or a run of 1 + repeats identical ones. */
const checksSoFar = (env: BenchEnvironment) =>
  countRows(env, sql`select coalesce(sum(1 + repeats), 0) as n from checks`);
const changesSoFar = (env: BenchEnvironment) => countRows(env, sql`select count(*) as n from changes`);

async function runSize(count: number) {
  const env = await openBenchEnvironment(process.env.DATABASE_URL);
  const [pages, receiver] = await Promise.all([startBenchPages(count), startWebhookReceiver()]);
  const rssAfterOpen = process.memoryUsage().rss;
  let rss = rssSampler();
  const lags: number[] = [];
  let measuringLag = false;
  const worker = createCheckWorker({
    db: env.database.db,
    fetch: { allowPrivateTargets: true, browserPool: null },
    // Bench-only timing: after a check the monitor is not due again during the run.
    timing: { ...defaultCheckTiming, intervalMs: () => 86_400_000 },
    concurrency: CONCURRENCY,
    perHostConcurrency: CONCURRENCY,
    idlePollMs: 200,
    onChecked: ({ dueAt, startedAt }) => {
      if (measuringLag) lags.push(startedAt.getTime() - dueAt.getTime());
    },
  });
  const dispatcher = createDispatcher(
    { config: env.config, database: env.database, mailer: env.mailer, clock: systemClock, log: env.log },
    { batchSize: 32 },
  );
  try {
    await insertMonitors(env, count, pages.origin, receiver.url);
    worker.start();
    dispatcher.start();

    // 1. Baselines: every monitor due at once (two fetches each, noise learned).
    let started = Date.now();
    await scheduleSpread(env, count, 0);
    await waitFor(async () => (await checksSoFar(env)) >= count, 30 * 60_000);
    const baselinePerSecond = count / ((Date.now() - started) / 1000);

    // 2. Capacity: every monitor due at once again, nothing changed. RSS is sampled from here on.
    rss.stop();
    rss = rssSampler();
    // Due in a moment, and the bytes read after the update that makes them due: its row versions are the
    // benchmark's writes, not the checks' (on a server nothing is written for a monitor to fall due).
    const dueAt = new Date(Date.now() + CAPACITY_LEAD_MS);
    await scheduleSpread(env, count, 0, dueAt);
    const tablesBefore = await tableBytes(env.database);
    started = dueAt.getTime();
    await waitFor(async () => (await checksSoFar(env)) >= 2 * count, 30 * 60_000);
    const checksPerSecond = count / ((Date.now() - started) / 1000);
    const tablesAfter = await tableBytes(env.database);
    const unchangedGrowth = growth(tablesBefore, tablesAfter);
    const bytesPerUnchanged = (totalBytes(tablesAfter) - totalBytes(tablesBefore)) / count;

    // 3. Scheduled at `rate` checks/s; one page in ten changed before its check.
    const due = Math.min(count, Math.round(rate * windowSeconds));
    pages.change((i) => i < due && i % CHANGED_SHARE === 0);
    const expectedChanges = Math.ceil(due / CHANGED_SHARE);
    const tablesBeforeChanges = await tableBytes(env.database);
    measuringLag = true;
    await scheduleSpread(env, due, (due / rate) * 1000);
    await waitFor(async () => (await checksSoFar(env)) >= 2 * count + due, 10 * 60_000);
    measuringLag = false;
    const changes = await changesSoFar(env);
    await waitFor(async () => receiver.latenciesMs.length >= changes, 120_000);
    const changesGrowth = growth(tablesBeforeChanges, await tableBytes(env.database));
    // What a change adds: its row, the new snapshot and its blob, the notification and its deliveries.
    const changeBytes = CHANGE_TABLES.reduce((sum, table) => sum + (changesGrowth[table] ?? 0), 0);

    return {
      monitors: count,
      baselineChecksPerSecond: round(baselinePerSecond),
      checksPerSecond: round(checksPerSecond),
      scheduled: {
        checksPerSecondTarget: rate,
        checks: due,
        lagMs: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: percentile(lags, 100) },
      },
      changes: { expected: expectedChanges, detected: changes, delivered: receiver.latenciesMs.length },
      deliveryLatencyMs: {
        p50: percentile(receiver.latenciesMs, 50),
        p95: percentile(receiver.latenciesMs, 95),
      },
      rssMb: {
        afterDatabaseOpen: round(rssAfterOpen / 1_048_576),
        maxWhileChecking: round(rss.stop() / 1_048_576),
      },
      databaseBytes: {
        per1000UnchangedChecks: Math.round(bytesPerUnchanged * 1000),
        per1000Changes: changes > 0 ? Math.round((changeBytes / changes) * 1000) : null,
        unchangedPhaseGrowthByTable: unchangedGrowth,
        changePhaseGrowthByTable: changesGrowth,
      },
    };
  } finally {
    rss.stop();
    await worker.stop();
    await dispatcher.stop();
    await Promise.all([pages.close(), receiver.close()]);
    await env.close();
  }
}

const results = [];
for (const size of sizes) results.push(await runSize(size));
process.stdout.write(
  `${JSON.stringify({
    database: process.env.DATABASE_URL ? "postgres" : "pglite",
    node: process.version,
    workerConcurrency: CONCURRENCY,
    note: "per-host limit raised to the worker's concurrency: every bench page is on 127.0.0.1",
    results,
  })}\n`,
);
process.exit(0);
