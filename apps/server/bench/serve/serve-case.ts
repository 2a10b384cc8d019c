/**
 * One case of the serve benchmark: N monitors of the engine's workload (127.0.0.1–16, every watch kind)
 * on a fresh database, checked by the real product in child processes. PGlite: `changeradar serve`;
 * PostgreSQL: one `changeradar api` and two `changeradar worker`s.
 *
 * Passes (a pass = every monitor checked once, timed until the last check is recorded):
 *   baseline (check now, first checks) · unchanged (check now, nothing changed but the noise) ·
 *   round 1 (check now, 30% of the pages changed) · round 2 (scheduler: every monitor due at once) ·
 *   settled (scheduler, nothing changed but the noise, by now learned: the unchanged pass is each monitor's
 *   second check, where a page's noise is first seen and learned with a second read) ·
 *   then the lag phase: monitors due `lagRate` per second, the scheduler's lateness p50/p99; with
 *   `sustained`, the sustained lag run on copies of the monitors (sustained-lag.ts).
 * The embedded database is one process's: while `serve` runs, the benchmark reads and schedules it
 * through the server's own PGlite (live-query-probe.mjs), so the passes run in one server process, as on
 * PostgreSQL. BENCH_COLD=1 (and BENCH_STATEMENTS=1, whose counts are written when a process exits) stops
 * the server between passes instead, so each pass is timed in a process just started (peak RSS: the
 * largest run's). The lag phase starts a server of its own either way.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { forkWorkload, type PageTruth, type RemoteWorkload } from "@changeradar/engine/workload";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { createDatabase, type DatabaseHandle } from "../../src/db/database";
import { migrate } from "../../src/db/migrate";
import { percentile, round } from "../bench-stats";
import { createScratchDatabase } from "../scratch";
import { growth as growthByTable, totalBytes } from "../table-bytes";
import { type BenchUser, changedSince, checkNow, waitChecked } from "./api-client";
import { benchCommands, type ToolArgs } from "./bench-queries";
import {
  addGc,
  type Deployment,
  directoryBytes,
  type GcByThread,
  type MemoryBreakdown,
  noGc,
  type ServerProcesses,
  type StatementCount,
  startServer,
} from "./server-processes";
import { runSustained, type SustainedOptions, type SustainedResult } from "./sustained-lag";

const DB_TOOL = fileURLToPath(new URL("./db-tool.ts", import.meta.url));
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CaseOptions {
  database: "pglite" | "postgres";
  pages: number;
  watch: readonly string[];
  /** PostgreSQL server URL (a database of the case's own is created and dropped there). */
  postgresUrl?: string;
  lagRate: number;
  lagSeconds: number;
  timeoutMs: number;
  /** The sustained lag run after the passes (none when absent). */
  sustained?: SustainedOptions;
}

export interface PassResult {
  pass: string;
  trigger: "check now" | "scheduler";
  checks: number;
  seconds: number;
  checksPerSecond: number;
  cpuSecondsPerCheck: number;
  /** The main threads' part of it (PGlite, fetch, hashing, the writer). */
  mainThreadCpuSecondsPerCheck: number;
  /**
   * The engine worker threads' part (extract, compare, learn). The rest of cpuSecondsPerCheck is the
   * helper threads': V8's garbage collection (for every thread's heap) and compiler, and libuv's pool.
   */
  engineThreadsCpuSecondsPerCheck: number;
  /** Minor page faults of the server processes per check: fresh memory touched (see minorFaults). */
  minorFaultsPerCheck: number;
  /** Requests the pages got during the pass (a first check fetches once; a second fetch learns noise). */
  fetches?: number;
  unchecked: number;
  /** Growth of the tables and their indexes. */
  bytes: number;
  /** The tables that grew, by name, largest first (where the bytes went). */
  bytesByTable: Record<string, number>;
  /** Write-ahead log written. */
  walBytes: number;
  rowsWritten: number;
  dataDirBytes: number | null;
  /** Each server process's memory at its peak RSS (PGlite: this pass's run; PostgreSQL: so far). */
  memory: MemoryBreakdown[];
  /** Garbage collections during the pass (read up to a second late at either end), the processes added up. */
  gc?: GcByThread;
  /** PGlite with BENCH_STATEMENTS=1: SQL statements of this pass's run per check, and the costliest ones. */
  statementsPerCheck?: number;
  topStatements?: StatementCount[];
  /** Rounds only: pages that really changed, changes reported, real ones not reported, noise reported. */
  truth?: {
    changed: number;
    reported: number;
    missed: number;
    noise: number;
    missedByKind: Record<string, number>;
  };
}

export interface CaseResult {
  tool: string;
  database: "pglite" | "postgres";
  pages: number;
  checksPerSecond: number;
  checkNowChecksPerSecond: number;
  schedulerChecksPerSecond: number;
  cpuSecondsPerCheck: number;
  /** The main threads' part of cpuSecondsPerCheck (see PassResult). */
  mainThreadCpuSecondsPerCheck: number;
  /** The engine worker threads' part (see PassResult). */
  engineThreadsCpuSecondsPerCheck: number;
  /** Minor page faults per check (see PassResult). */
  minorFaultsPerCheck: number;
  peakRssMb: number;
  /** RSS of the server processes 3 s after their first start on the seeded database, before any check. */
  idleRssMb: number;
  /** Growth of the tables and indexes per check. */
  bytesPerUnchangedCheck: number;
  bytesPerChangedCheck: number | null;
  /** Write-ahead log per check. */
  walBytesPerUnchangedCheck: number;
  walBytesPerChangedCheck: number | null;
  /** The settled pass: unchanged checks once the noise is learned, as on a server that has run a while. */
  settled: { checksPerSecond: number; bytesPerCheck: number; walBytesPerCheck: number };
  /**
   * `checks` of the `due` monitors started (the percentiles are theirs), and the main thread's CPU per check
   * from the server being up to the last one (the claims, fetches and writes of a steady schedule).
   */
  lagMs: {
    rate: number;
    due: number;
    checks: number;
    p50: number | null;
    p99: number | null;
    mainThreadCpuSecondsPerCheck: number;
  };
  sustained: SustainedResult | null;
  changesInTruth: number;
  missed: number;
  noiseAlerts: number;
  /** Garbage collections per 100 checks in the passes checksPerSecond counts, by thread. */
  gcPer100Checks: GcByThread | null;
  passes: PassResult[];
  /** The server's log, kept with BENCH_KEEP (a failed case always keeps its working directory). */
  log: string | null;
}

/**
 * Whether `serve` on PGlite is stopped between passes (BENCH_COLD=1), each pass then timed in a process just
 * started; BENCH_STATEMENTS=1 implies it, as the statement counts are written when a process exits.
 */
export const coldPasses = () => process.env.BENCH_COLD === "1" || process.env.BENCH_STATEMENTS === "1";

/** The tool's commands that run in a running server's own embedded database (they only `execute` SQL). */
const LIVE_COMMANDS = new Set<ToolArgs["command"]>(["bytes", "due", "lag"]);
const dialect = new PgDialect();

/** A handle whose `db.execute` runs in the running server's database: enough for LIVE_COMMANDS. */
function liveDatabase(server: ServerProcesses): DatabaseHandle {
  const execute = async (query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return { rows: await server.query(text, params) };
  };
  return { db: { execute } } as unknown as DatabaseHandle;
}

/** Missed and noise against the workload's truth for one round. */
export function scoreRound(truth: readonly PageTruth[], reported: ReadonlySet<string>) {
  const missedByKind: Record<string, number> = {};
  let changed = 0;
  let missed = 0;
  let noise = 0;
  for (const page of truth) {
    if (page.changed !== null) {
      changed += 1;
      if (!reported.has(page.url)) {
        missed += 1;
        missedByKind[page.changed] = (missedByKind[page.changed] ?? 0) + 1;
      }
    } else if (reported.has(page.url)) noise += 1;
  }
  return { changed, reported: reported.size, missed, noise, missedByKind };
}

interface DatabaseWrites {
  tables: Record<string, number>;
  rowsWritten: number;
  walPosition: number;
}

const tablesOf = (writes: DatabaseWrites) => new Map(Object.entries(writes.tables));

/** Each process's collections since its reading at the end of the pass before (a process started since: all). */
function gcSince(memory: MemoryBreakdown[], seen: Map<number, GcByThread>): { gc?: GcByThread } {
  let main = noGc();
  let engine = noGc();
  let read = false;
  for (const server of memory) {
    if (!server.gc) continue;
    read = true;
    const before = seen.get(server.pid);
    main = addGc(addGc(main, server.gc.main), before?.main, -1);
    engine = addGc(addGc(engine, server.gc.engine), before?.engine, -1);
    seen.set(server.pid, server.gc);
  }
  return read ? { gc: { main, engine } } : {};
}

function gcPer100(passes: PassResult[]): GcByThread | null {
  if (passes.some((p) => !p.gc)) return null;
  const checks = passes.reduce((sum, p) => sum + p.checks, 0);
  const per100 = (part: "main" | "engine") => {
    const total = passes.reduce((sum, p) => addGc(sum, p.gc?.[part]), noGc());
    const scale = (value: number, digits: number) => round((value * 100) / Math.max(1, checks), digits)!;
    return {
      scavenges: scale(total.scavenges, 1),
      scavengeMs: scale(total.scavengeMs, 0),
      markCompacts: scale(total.markCompacts, 1),
      markCompactMs: scale(total.markCompactMs, 0),
    };
  };
  return { main: per100("main"), engine: per100("engine") };
}

/**
 * Bytes per unchanged check (the unchanged or settled pass's), and per changed check: the change rounds' bytes less
 * their unchanged checks' share, over the pages that really changed.
 */
function perCheck(unchanged: PassResult, changedPasses: PassResult[], bytes: (pass: PassResult) => number) {
  const perUnchanged = bytes(unchanged) / Math.max(1, unchanged.checks);
  let changedChecks = 0;
  let changedBytes = 0;
  for (const pass of changedPasses) {
    changedChecks += pass.truth!.changed;
    changedBytes += bytes(pass) - perUnchanged * (pass.checks - pass.truth!.changed);
  }
  return {
    unchanged: Math.round(perUnchanged),
    changed: changedChecks > 0 ? Math.round(changedBytes / changedChecks) : null,
  };
}

export async function runServeCase(options: CaseOptions): Promise<CaseResult> {
  const { pages } = options;
  const work = mkdtempSync(join(tmpdir(), `cr-serve-bench-${options.database}-`));
  const dataDir = join(work, "data");
  const postgres =
    options.database === "postgres"
      ? await createScratchDatabase(options.postgresUrl!, "cr_serve_bench")
      : null;
  const deployment: Deployment = {
    database: options.database,
    dataDir,
    databaseUrl: postgres?.url ?? null,
    logFile: join(work, "server.log"),
  };
  let argsFile = 0;
  let toolMs = 0;
  const keep = Boolean(process.env.BENCH_KEEP);
  let finished = false;
  // PostgreSQL is read and scheduled from this process; the embedded database from a child process
  // between the server's runs (it is one process's at a time).
  let direct: DatabaseHandle | null = null;
  const tool = async <T>(command: ToolArgs["command"], extra: Partial<ToolArgs> = {}): Promise<T> => {
    if (!postgres && server && LIVE_COMMANDS.has(command))
      return (await benchCommands[command](liveDatabase(server), { command, dataDir, ...extra })) as T;
    if (postgres) {
      if (!direct) {
        direct = await createDatabase({ databaseUrl: postgres.url, dataDir });
        await migrate(direct);
      }
      return (await benchCommands[command](direct, { command, dataDir, ...extra })) as T;
    }
    const started = Date.now();
    const file = join(work, `tool-${argsFile++}.json`);
    writeFileSync(file, JSON.stringify({ command, dataDir, databaseUrl: deployment.databaseUrl, ...extra }));
    const { stdout } = await run(process.execPath, ["--import", "tsx", DB_TOOL, file], {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, LOG_LEVEL: "silent" },
    });
    toolMs = Date.now() - started;
    return JSON.parse(stdout.trim().split("\n").at(-1)!) as T;
  };

  const workload: RemoteWorkload = await forkWorkload({ pages });
  let server: ServerProcesses | null = null;
  const rssPeaks: number[] = [];
  let lastMemory: MemoryBreakdown[] = [];
  const gcSeen = new Map<number, GcByThread>();
  let lastStatements: StatementCount[] = [];
  let startupMs = 10_000;
  let idleRssMb = 0;
  const serverUp = async () => {
    if (server) return server;
    const t0 = performance.now();
    server = await startServer(deployment);
    startupMs = performance.now() - t0;
    if (idleRssMb === 0) {
      await sleep(3_000);
      idleRssMb = server.rssMb();
    }
    return server;
  };
  const serverDown = async () => {
    if (!server) return;
    rssPeaks.push(server.peakRssMb());
    const stopped = server;
    await server.stop();
    lastMemory = Object.values(stopped.memory());
    lastStatements = stopped.statements();
    server = null;
  };
  const embedded = options.database === "pglite";
  const cold = embedded && coldPasses();
  // From a due time set now to a server that takes claims: on PGlite the tool and the server may start first.
  const leadMs = () => (embedded && !server ? 2_000 + 1.5 * (toolMs + startupMs) : 1_000);
  // "Check now" has a per-monitor cool-down (10 s): a pass never asks again sooner.
  const COOL_DOWN_MS = 11_000;
  let lastCheckNow = 0;

  try {
    const { users } = await tool<{ users: BenchUser[] }>("seed", {
      urls: workload.urls,
      watch: options.watch,
    });
    const passes: PassResult[] = [];

    async function pass(name: string, trigger: PassResult["trigger"], truth?: PageTruth[]) {
      if (cold) await serverDown();
      let dueAt = 0;
      if (trigger === "scheduler") {
        // On PGlite the server starts after this and the reading below: due once it has had time to be ready.
        dueAt = Date.now() + leadMs() + toolMs;
        await tool("due", { at: new Date(dueAt).toISOString() });
      }
      // Read after the benchmark's own update that makes every monitor due: its row versions and their index
      // entries (a third of a settled pass's log on PostgreSQL) are not a check's writes. On a server monitors
      // fall due as time passes, and nothing is written for it.
      const before = await tool<DatabaseWrites>("bytes");
      const dirBefore = embedded ? directoryBytes(dataDir) : 0;
      const live = await serverUp();
      const requestsBefore = await workload.requests();
      // The pass starts when the checks are asked for, or when they are due.
      const startAt = trigger === "check now" ? lastCheckNow + COOL_DOWN_MS : dueAt;
      const wait = startAt - Date.now();
      if (wait > 0) await sleep(wait);
      const since = trigger === "check now" ? new Date() : new Date(Math.min(dueAt, Date.now()));
      const cpu0 = live.cpuSeconds();
      const mainCpu0 = live.mainThreadCpuSeconds();
      const workerCpu0 = live.workerThreadsCpuSeconds();
      const faults0 = live.minorFaults();
      const t0 = performance.now();
      if (trigger === "check now") {
        lastCheckNow = Date.now();
        const queued = await checkNow(live.baseUrl, users);
        if (queued < pages) throw new Error(`check now queued ${queued} of ${pages} monitors`);
      }
      const done = await waitChecked(live.baseUrl, users, since, {
        ready: async () => (await workload.requests()) - requestsBefore >= pages,
        timeoutMs: options.timeoutMs,
      });
      // Every check recorded: the pass ended with the last one (the server's clock, on this machine);
      // otherwise when the poll gave up.
      const seconds =
        done.unchecked === 0
          ? Math.max(0.001, (done.lastCheckedAt.getTime() - since.getTime()) / 1000)
          : (done.doneAt - t0) / 1000;
      const cpu = live.cpuSeconds() - cpu0;
      const mainCpu = live.mainThreadCpuSeconds() - mainCpu0;
      const workerCpu = live.workerThreadsCpuSeconds() - workerCpu0;
      const faults = live.minorFaults() - faults0;
      const fetches = (await workload.requests()) - requestsBefore;
      const reported = truth ? await changedSince(live.baseUrl, users, since, done.urls) : null;
      if (cold) await serverDown();
      else {
        await sleep(1_500);
        lastMemory = Object.values(live.memory());
      }
      const after = await tool<DatabaseWrites>("bytes");
      const checks = pages - done.unchecked;
      const result: PassResult = {
        pass: name,
        trigger,
        checks,
        seconds: round(seconds, 2)!,
        checksPerSecond: round(checks / seconds)!,
        cpuSecondsPerCheck: round(cpu / Math.max(1, checks), 4)!,
        mainThreadCpuSecondsPerCheck: round(mainCpu / Math.max(1, checks), 4)!,
        engineThreadsCpuSecondsPerCheck: round(workerCpu / Math.max(1, checks), 4)!,
        minorFaultsPerCheck: round(faults / Math.max(1, checks))!,
        fetches,
        unchecked: done.unchecked,
        bytes: totalBytes(tablesOf(after)) - totalBytes(tablesOf(before)),
        bytesByTable: growthByTable(tablesOf(before), tablesOf(after)),
        walBytes: after.walPosition - before.walPosition,
        rowsWritten: after.rowsWritten - before.rowsWritten,
        dataDirBytes: embedded ? directoryBytes(dataDir) - dirBefore : null,
        memory: lastMemory,
        ...gcSince(lastMemory, gcSeen),
        ...(embedded && lastStatements.length > 0
          ? {
              statementsPerCheck: round(
                lastStatements.reduce((sum, s) => sum + s.count, 0) / Math.max(1, checks),
                2,
              )!,
              topStatements: lastStatements.slice(0, 8).map((s) => ({ ...s, ms: Math.round(s.ms) })),
            }
          : {}),
        ...(truth && reported ? { truth: scoreRound(truth, reported) } : {}),
      };
      passes.push(result);
      process.stderr.write(`  ${options.database} N=${pages} ${JSON.stringify(result)}\n`);
      return result;
    }

    await pass("baseline", "check now");
    const unchanged = await pass("unchanged", "check now", await workload.truth(0));
    const round1 = await workload.nextRound();
    const changed1 = await pass(`round ${round1}`, "check now", await workload.truth(round1));
    const round2 = await workload.nextRound();
    const changed2 = await pass(`round ${round2}`, "scheduler", await workload.truth(round2));
    const settled = await pass("settled", "scheduler", await workload.truth(0));

    // The lag phase: monitors due at lagRate per second; how late each first check started.
    const lagChecks = Math.min(pages, Math.round(options.lagRate * options.lagSeconds));
    if (embedded) await serverDown();
    const lagAt = new Date(Date.now() + leadMs());
    const { ids } = await tool<{ ids: string[] }>("due", {
      at: lagAt.toISOString(),
      rate: options.lagRate,
      count: lagChecks,
    });
    const live = await serverUp();
    const lagMainCpu0 = live.mainThreadCpuSeconds();
    await waitChecked(live.baseUrl, users, lagAt, {
      ready: async () => Date.now() > lagAt.getTime() + (lagChecks / options.lagRate) * 1000,
      timeoutMs: options.timeoutMs,
      only: new Set(ids),
    });
    const lagMainCpu = live.mainThreadCpuSeconds() - lagMainCpu0;
    await serverDown();
    const { lagsMs } = await tool<{ lagsMs: number[] }>("lag", {
      at: lagAt.toISOString(),
      rate: options.lagRate,
      count: lagChecks,
    });
    const sustained = options.sustained
      ? await runSustained(
          { tool, serverUp, serverDown, embedded, leadMs, say: (line) => process.stderr.write(`${line}\n`) },
          options.sustained,
        )
      : null;

    const steady = [unchanged, changed1, changed2];
    const sum = (list: PassResult[], f: (p: PassResult) => number) => list.reduce((s, p) => s + f(p), 0);
    const rate = (list: PassResult[]) => round(sum(list, (p) => p.checks) / sum(list, (p) => p.seconds))!;
    const changedPasses = [changed1, changed2].filter((p) => p.truth && p.truth.changed > 0);
    const growth = perCheck(unchanged, changedPasses, (p) => p.bytes);
    const wal = perCheck(unchanged, changedPasses, (p) => p.walBytes);
    const result: CaseResult = {
      tool: embedded ? "ChangeRadar serve (PGlite)" : "ChangeRadar api + 2 workers (PostgreSQL)",
      database: options.database,
      pages,
      checksPerSecond: rate(steady),
      checkNowChecksPerSecond: rate([unchanged, changed1]),
      schedulerChecksPerSecond: rate([changed2]),
      cpuSecondsPerCheck: round(
        sum(steady, (p) => p.cpuSecondsPerCheck * p.checks) / sum(steady, (p) => p.checks),
        4,
      )!,
      mainThreadCpuSecondsPerCheck: round(
        sum(steady, (p) => p.mainThreadCpuSecondsPerCheck * p.checks) / sum(steady, (p) => p.checks),
        4,
      )!,
      engineThreadsCpuSecondsPerCheck: round(
        sum(steady, (p) => p.engineThreadsCpuSecondsPerCheck * p.checks) / sum(steady, (p) => p.checks),
        4,
      )!,
      minorFaultsPerCheck: round(
        sum(steady, (p) => p.minorFaultsPerCheck * p.checks) / sum(steady, (p) => p.checks),
      )!,
      gcPer100Checks: gcPer100(steady),
      peakRssMb: Math.max(...rssPeaks),
      idleRssMb,
      bytesPerUnchangedCheck: growth.unchanged,
      bytesPerChangedCheck: growth.changed,
      walBytesPerUnchangedCheck: wal.unchanged,
      walBytesPerChangedCheck: wal.changed,
      settled: {
        checksPerSecond: settled.checksPerSecond,
        bytesPerCheck: perCheck(settled, [], (p) => p.bytes).unchanged,
        walBytesPerCheck: perCheck(settled, [], (p) => p.walBytes).unchanged,
      },
      lagMs: {
        rate: options.lagRate,
        due: lagChecks,
        checks: lagsMs.length,
        p50: round(percentile(lagsMs, 50), 0),
        p99: round(percentile(lagsMs, 99), 0),
        mainThreadCpuSecondsPerCheck: round(lagMainCpu / Math.max(1, lagsMs.length), 4)!,
      },
      changesInTruth: sum(changedPasses, (p) => p.truth!.changed),
      missed: sum(changedPasses, (p) => p.truth!.missed),
      noiseAlerts: sum([unchanged, changed1, changed2, settled], (p) => p.truth?.noise ?? 0),
      sustained,
      passes,
      log: keep ? deployment.logFile : null,
    };
    finished = true;
    return result;
  } finally {
    await serverDown().catch(() => {});
    await workload.close();
    await (direct as DatabaseHandle | null)?.close();
    await postgres?.drop().catch(() => {});
    // The whole working directory (server log, tool files, memory samples) once the case has its figures;
    // a failed case keeps all but the database for its log.
    if (!keep) rmSync(finished ? work : dataDir, { recursive: true, force: true });
  }
}
