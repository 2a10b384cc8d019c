/**
 * The product as it runs: `apps/server/bin/changeradar.js serve` (or `api` and `worker`s) as child
 * processes, and what /proc says about them (CPU time, resident memory and its peak).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../../bin/changeradar.js", import.meta.url));
const MEMORY_PROBE = fileURLToPath(new URL("./memory-probe.mjs", import.meta.url));
const STATEMENT_PROBE = fileURLToPath(new URL("./statement-probe.mjs", import.meta.url));
const LIVE_QUERY_PROBE = fileURLToPath(new URL("./live-query-probe.mjs", import.meta.url));
const CLOCK_TICKS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Every descendant pid of `pid` (tsx or the browser pool may start some), `pid` first. */
function tree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i += 1) {
    try {
      const children = readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, "utf8").trim();
      if (children) out.push(...children.split(/\s+/).map(Number));
    } catch {
      // The process has just exited.
    }
  }
  return out;
}

function statusKb(pid: number, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(
      readFileSync(`/proc/${pid}/status`, "utf8"),
    );
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** User + system CPU seconds of a process and its waited-for children. */
function cpuSeconds(pid: number): number {
  return statCpuSeconds(`/proc/${pid}/stat`, 4);
}

/** The CPU time of the process's main thread alone (its thread id is the pid): PGlite, fetch, the writer. */
function mainThreadCpuSeconds(pid: number): number {
  return statCpuSeconds(`/proc/${pid}/task/${pid}/stat`, 2);
}

/**
 * The CPU time of the process's worker threads (the engine's pool), by the thread ids memory-probe.mjs
 * wrote in `memoryDir`. A worker replaced during a pass takes its time with it (its thread is gone).
 */
function workerThreadsCpuSeconds(pid: number, memoryDir: string): number {
  let seconds = 0;
  for (const name of readdirSync(memoryDir)) {
    if (!name.startsWith(`${pid}-worker`) || !name.endsWith(".tid")) continue;
    const tid = readFileSync(join(memoryDir, name), "utf8").trim();
    seconds += statCpuSeconds(`/proc/${pid}/task/${tid}/stat`, 2);
  }
  return seconds;
}

interface Answer {
  type: "answer";
  id: number;
  rows?: Record<string, unknown>[];
  error?: string;
}

/** Questions to a server process over its IPC channel, answered by live-query-probe.mjs. */
function liveQueries(child: ChildProcess) {
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve: (rows: Record<string, unknown>[]) => void; reject: (e: Error) => void }
  >();
  child.on("message", (message: Answer) => {
    const asked = message?.type === "answer" ? waiting.get(message.id) : undefined;
    if (!asked) return;
    waiting.delete(message.id);
    if (message.error !== undefined) asked.reject(new Error(`The server's database: ${message.error}`));
    else asked.resolve(message.rows ?? []);
  });
  child.once("exit", () => {
    for (const asked of waiting.values()) asked.reject(new Error("The server stopped before it answered."));
    waiting.clear();
  });
  return {
    query(text: string, params: unknown[]): Promise<Record<string, unknown>[]> {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ type: "query", id, text, params });
      });
    },
  };
}

/**
 * The fields of a stat file after the process's name (the name may hold spaces; it ends at the last ")"), so
 * field N of proc(5) is at N − 3. Empty when the process or thread has just exited.
 */
function statFields(file: string): string[] {
  try {
    const stat = readFileSync(file, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return [];
  }
}

/**
 * Minor page faults of a process and its waited-for children (minflt, cminflt: fields 10 and 11). Each is a
 * 4 KB page of fresh memory touched for the first time: on the benchmark's virtual machine ~14 µs of kernel
 * time, so a check that maps and frees large blocks pays it again and again.
 */
function minorFaults(pid: number): number {
  const values = statFields(`/proc/${pid}/stat`);
  return values.length === 0 ? 0 : Number(values[7]) + Number(values[8]);
}

/** utime, stime (and cutime, cstime: `fields` 4) are fields 14–17 of a stat file. */
function statCpuSeconds(file: string, fields: 2 | 4): number {
  const values = statFields(file).slice(11, 11 + fields);
  return values.reduce((sum, value) => sum + Number(value), 0) / CLOCK_TICKS;
}

export interface ServerProcesses {
  baseUrl: string;
  pids: number[];
  /** CPU seconds used so far by every process of the deployment. */
  cpuSeconds(): number;
  /** The main threads' share of cpuSeconds (the rest: engine workers, zlib's and V8's helper threads). */
  mainThreadCpuSeconds(): number;
  /** The engine worker threads' share of cpuSeconds (the rest of it: V8's garbage collection and compiler threads, libuv's pool). */
  workerThreadsCpuSeconds(): number;
  /** Minor page faults so far of every process of the deployment. */
  minorFaults(): number;
  /** Peak RSS (MB): the largest sum of the processes' RSS sampled every 100 ms, or the sum of their VmHWM. */
  peakRssMb(): number;
  /** RSS (MB) of the processes now. */
  rssMb(): number;
  /** Each process's memory at its peak RSS as its main thread saw it (memory-probe.mjs), by pid. */
  memory(): Record<number, MemoryBreakdown>;
  /**
   * Runs SQL in the running `serve`'s own embedded database (live-query-probe.mjs): the embedded database is
   * read and scheduled between passes without stopping the server.
   */
  query(text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  /** PGlite statements run by the stopped processes (statement-probe.mjs, BENCH_STATEMENTS=1), by text. */
  statements(): StatementCount[];
  stop(): Promise<void>;
}

/** A thread's (or several threads') garbage collections since it started (memory-probe.mjs). */
export interface GcCounts {
  scavenges: number;
  scavengeMs: number;
  markCompacts: number;
  markCompactMs: number;
}

export const noGc = (): GcCounts => ({ scavenges: 0, scavengeMs: 0, markCompacts: 0, markCompactMs: 0 });

export function addGc(a: GcCounts, b: GcCounts | undefined, sign = 1): GcCounts {
  if (!b) return a;
  return {
    scavenges: a.scavenges + sign * b.scavenges,
    scavengeMs: a.scavengeMs + sign * b.scavengeMs,
    markCompacts: a.markCompacts + sign * b.markCompacts,
    markCompactMs: a.markCompactMs + sign * b.markCompactMs,
  };
}

/** Collections of a process's main thread, and of its worker threads (the engine's) added up. */
export interface GcByThread {
  main: GcCounts;
  engine: GcCounts;
}

/**
 * MB, from process.memoryUsage() at the sample of the peak RSS; other = rss − heapTotal − external. On Linux,
 * what /proc/self/smaps says is resident near that peak: WebAssembly memory (counted whole in `external`),
 * mapped files (node's code) and malloc's main heap.
 */
export interface MemoryBreakdown {
  /** The server process these figures are of. */
  pid: number;
  rssMb: number;
  heapTotalMb: number;
  heapUsedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  otherMb: number;
  wasmMb?: number;
  fileMb?: number;
  mallocHeapMb?: number;
  /** The heaps of the process's worker threads (the engine's), each at its own peak, added up. */
  workerHeapsMb?: number;
  /** Garbage collections since the process started. */
  gc?: GcByThread;
}

export interface StatementCount {
  text: string;
  count: number;
  ms: number;
}

export interface Deployment {
  database: "pglite" | "postgres";
  dataDir: string;
  databaseUrl: string | null;
  logFile: string;
}

/**
 * BENCH_CPU_PROF=DIR: every server process writes V8 CPU profiles there when it exits (one run per PGlite
 * pass). BENCH_NODE_FLAGS: node flags added to the command's own, for an A/B run of V8 settings (the heap and
 * garbage collector ones are refused in NODE_OPTIONS).
 */
function startRole(role: string, env: NodeJS.ProcessEnv, log: NodeJS.WritableStream): ChildProcess {
  // One file per thread (main, module loader, engine workers), named by Node (pid and thread id).
  const probe = env.BENCH_MEMORY_DIR
    ? ["--import", MEMORY_PROBE, "--import", STATEMENT_PROBE, "--import", LIVE_QUERY_PROBE]
    : [];
  const nodeOptions = [env.NODE_OPTIONS, ...probe].filter(Boolean).join(" ");
  const extraFlags = [
    ...(process.env.BENCH_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean),
    ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
  ];
  // The command itself, as an operator runs it: its first line gives node the product's heap settings and
  // the environment for malloc. Flags of our own mean starting node with those same settings ourselves.
  const shebang = shebangOf();
  const [command, args] =
    extraFlags.length > 0 ? [process.execPath, [...shebang.flags, ...extraFlags, BIN, role]] : [BIN, [role]];
  const child = spawn(command, args, {
    env: { ...env, ...(extraFlags.length > 0 ? shebang.env : {}), NODE_OPTIONS: nodeOptions },
    // The IPC channel: the benchmark's SQL to a running `serve` (live-query-probe.mjs).
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  return child;
}

/**
 * The command's first line (`#!/usr/bin/env -S MALLOC_ARENA_MAX=2 … node --max-old-space-size=… …`): the
 * environment it sets and the node flags it gives.
 */
function shebangOf(): { env: Record<string, string>; flags: string[] } {
  const words = (readFileSync(BIN, "utf8").split("\n", 1)[0] ?? "").split(/\s+/);
  const env: Record<string, string> = {};
  for (const word of words) {
    const assignment = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word);
    if (assignment) env[assignment[1] as string] = assignment[2] as string;
  }
  return { env, flags: words.filter((word) => word.startsWith("--")) };
}

async function waitReady(baseUrl: string, children: ChildProcess[], timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = children.find((child) => child.exitCode !== null);
    if (dead) throw new Error(`a server process exited (${dead.exitCode}) while starting; see its log`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/ready`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${baseUrl} was not ready after ${timeoutMs / 1000} s`);
}

/**
 * PGlite: one `serve`. PostgreSQL: one `api` and two `worker`s. Each process gets CHECK_CONCURRENCY
 * and the rest of its configuration from the environment, as an operator would set it.
 */
export async function startServer(deployment: Deployment): Promise<ServerProcesses> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: deployment.dataDir,
    DATABASE_URL: deployment.databaseUrl ?? "",
    JWT_SECRET: "serve-benchmark-secret-serve-benchmark-secret",
    ALLOW_PRIVATE_TARGETS: "true",
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    RATE_LIMIT_SCALE: "1000",
    BENCH_MEMORY_DIR: join(deployment.dataDir, "..", "memory"),
  };
  mkdirSync(env.BENCH_MEMORY_DIR!, { recursive: true });
  // The log is appended to by every run of the case: this run's lines are those after this offset.
  const logStart = existsSync(deployment.logFile) ? statSync(deployment.logFile).size : 0;
  const log = createWriteStream(deployment.logFile, { flags: "a" });
  const children =
    deployment.database === "pglite" ? [startRole("serve", env, log)] : [startRole("api", env, log)];
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitReady(baseUrl, children);
    // `npm run bench` builds the bundle first; a source edited since makes the command run the sources.
    if (logSince(deployment.logFile, logStart).includes("running the TypeScript sources through tsx"))
      process.stderr.write(
        "Warning: the server ran its sources through tsx, not the bundle `npm start` runs.\n",
      );
    if (deployment.database === "postgres") {
      // Workers after the API: it has run the migrations, so they do not wait on its lock.
      children.push(startRole("worker", env, log), startRole("worker", env, log));
      await waitForLine(deployment.logFile, logStart, "ChangeRadar worker started", 2, children);
    }
  } catch (error) {
    for (const child of children) child.kill("SIGKILL");
    throw error;
  }
  const pids = children.map((child) => child.pid!);
  const all = () => pids.flatMap(tree);
  const queries = liveQueries(children[0]!);
  let sampledPeakKb = 0;
  const sampler = setInterval(() => {
    sampledPeakKb = Math.max(
      sampledPeakKb,
      all().reduce((sum, pid) => sum + statusKb(pid, "VmRSS"), 0),
    );
  }, 100);
  let finalHwmKb = 0;
  const hwm = () => all().reduce((sum, pid) => sum + statusKb(pid, "VmHWM"), 0);
  return {
    baseUrl,
    pids,
    cpuSeconds: () => all().reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    mainThreadCpuSeconds: () => all().reduce((sum, pid) => sum + mainThreadCpuSeconds(pid), 0),
    workerThreadsCpuSeconds: () =>
      all().reduce((sum, pid) => sum + workerThreadsCpuSeconds(pid, env.BENCH_MEMORY_DIR!), 0),
    minorFaults: () => all().reduce((sum, pid) => sum + minorFaults(pid), 0),
    peakRssMb: () => {
      // One process: its own high-water mark is exact. Several: the peak of their sum, as sampled.
      const kb = pids.length === 1 ? Math.max(hwm(), finalHwmKb) : sampledPeakKb;
      return Math.round(kb / 102.4) / 10;
    },
    rssMb: () => Math.round(all().reduce((sum, pid) => sum + statusKb(pid, "VmRSS"), 0) / 102.4) / 10,
    memory: () => {
      const out: Record<number, MemoryBreakdown> = {};
      for (const pid of pids) {
        const file = join(env.BENCH_MEMORY_DIR!, `${pid}.json`);
        if (!existsSync(file)) continue;
        const { atPeak, gc } = JSON.parse(readFileSync(file, "utf8")) as {
          atPeak: Omit<MemoryBreakdown, "otherMb" | "pid">;
          gc?: GcCounts;
        };
        const otherMb = Math.round((atPeak.rssMb - atPeak.heapTotalMb - atPeak.externalMb) * 10) / 10;
        const threads = readdirSync(env.BENCH_MEMORY_DIR!).filter(
          (name) => name.startsWith(`${pid}-thread`) && name.endsWith(".json"),
        );
        let workerHeapsMb = 0;
        let engineGc = noGc();
        for (const name of threads) {
          const worker = JSON.parse(readFileSync(join(env.BENCH_MEMORY_DIR!, name), "utf8")) as {
            atPeak: { heapTotalMb: number };
            gc?: GcCounts;
          };
          workerHeapsMb += worker.atPeak.heapTotalMb;
          engineGc = addGc(engineGc, worker.gc);
        }
        out[pid] = {
          pid,
          ...atPeak,
          otherMb,
          workerHeapsMb: Math.round(workerHeapsMb * 10) / 10,
          ...(gc ? { gc: { main: gc, engine: engineGc } } : {}),
        };
      }
      return out;
    },
    query: queries.query,
    statements: () =>
      pids.flatMap((pid) => {
        const file = join(env.BENCH_MEMORY_DIR!, `${pid}.statements.json`);
        return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as StatementCount[]) : [];
      }),
    async stop() {
      finalHwmKb = Math.max(finalHwmKb, hwm());
      clearInterval(sampler);
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
              child.once("exit", () => {
                clearTimeout(timer);
                resolve();
              });
              child.kill("SIGTERM");
            }),
        ),
      );
      log.end();
    },
  };
}

const logSince = (file: string, offset: number) => readFileSync(file).subarray(offset).toString("utf8");

async function waitForLine(
  file: string,
  offset: number,
  text: string,
  times: number,
  children: ChildProcess[],
) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const dead = children.find((child) => child.exitCode !== null);
    if (dead) throw new Error(`a server process exited (${dead.exitCode}) while starting; see ${file}`);
    const seen = logSince(file, offset).split(text).length - 1;
    if (seen >= times) return;
    await sleep(200);
  }
  throw new Error(`"${text}" did not appear ${times} times in ${file}`);
}

/** Apparent size of every file under `dir` (the embedded database's data directory). */
export function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    try {
      total += statSync(join(entry.parentPath, entry.name)).size;
    } catch {
      // Removed while walking.
    }
  }
  return total;
}
