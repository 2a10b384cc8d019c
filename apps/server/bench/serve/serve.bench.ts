/**
 * Issue 11's benchmark: `changeradar serve` on the embedded database and `api` + 2 `worker`s on
 * PostgreSQL, side by side with urlwatch 2.25, on the engine's workload (N pages over 127.0.0.1–16;
 * 30% really change each round, 30% carry per-request noise), and the engine next to the bare
 * htmlparser2 tokenizer. Prints one JSON line per case (stdout), progress on stderr, then markdown tables.
 *
 *   npm run bench            N = 500 and 10,000 on both databases, urlwatch at N = 500, engine figure
 *                            (about 20 minutes on 2 cores: the 10,000-page cases take most of it)
 *   npm run bench:quick      the same at N = 500 only (about 3 minutes)
 *   npm run bench:peer       N = 500 on both databases + urlwatch only
 *   BENCH_SUSTAINED=1 npm run bench   adds the sustained lag run to the first N's cases (sustained-lag.ts):
 *                            a step run, then 10 minutes at 100 checks/s on copies of the monitors
 *
 * BENCH_PAGES (default 500,10000), BENCH_DATABASES (pglite,postgres), BENCH_PEER (1), BENCH_ENGINE (1),
 * BENCH_LAG_RATE (100 checks/s), BENCH_LAG_SECONDS (5; the issue's aim is 600), BENCH_TIMEOUT_MINUTES
 * (60 per pass), DATABASE_URL (else scripts/ensure-postgres.sh), BENCH_CPU_PROF (a directory: each server
 * process writes `--cpu-prof` profiles there on exit, one per thread; on PGlite one run per pass; read them
 * with profile-breakdown.ts), BENCH_NODE_FLAGS (node flags added to the server command's own, such as V8's
 * heap and garbage-collector flags that NODE_OPTIONS refuses; the header line names them), BENCH_STATEMENTS
 * (1: count PGlite's SQL statements per check, statement-probe.mjs),
 * BENCH_COLD (1: on PGlite, stop the server between passes, so each pass runs in a process just started;
 * BENCH_STATEMENTS implies it).
 * The sustained run: BENCH_SUSTAINED_RATE (100 checks/s), BENCH_SUSTAINED_SECONDS (600; 0 skips the full
 * window), BENCH_SUSTAINED_STEPS (5,10,20,30,…,100 checks/s; empty skips the step run; it stops
 * after the first rate whose p99 is 1 s or more), BENCH_SUSTAINED_STEP_SECONDS (60 per step); then the fair
 * shares: BENCH_FAIRNESS_RATE (5 checks/s; 0 skips it) for BENCH_FAIRNESS_SECONDS (60), without and with
 * another user's BENCH_FAIRNESS_SLOW_MONITORS (200) due at once on one host answering after BENCH_FAIRNESS_HOLD_MS (5000).
 */
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { watchKinds } from "@changeradar/contracts";
import { type CaseResult, coldPasses, runServeCase } from "./serve-case";
import type { GcCounts } from "./server-processes";
import { sustainedTable } from "./sustained-table";
import { type PeerResult, runUrlwatchPeer } from "./urlwatch-peer";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const env = process.env;
const pagesList = (env.BENCH_PAGES ?? "500,10000").split(",").map(Number);
const databases = (env.BENCH_DATABASES ?? "pglite,postgres").split(",") as ("pglite" | "postgres")[];
const withPeer = (env.BENCH_PEER ?? "1") === "1";
const withEngine = (env.BENCH_ENGINE ?? "1") === "1";
const lagRate = Number(env.BENCH_LAG_RATE ?? 100);
const lagSeconds = Number(env.BENCH_LAG_SECONDS ?? 5);
const timeoutMs = Number(env.BENCH_TIMEOUT_MINUTES ?? 60) * 60_000;
const sustained =
  env.BENCH_SUSTAINED === "1"
    ? {
        rate: Number(env.BENCH_SUSTAINED_RATE ?? 100),
        seconds: Number(env.BENCH_SUSTAINED_SECONDS ?? 600),
        steps: (env.BENCH_SUSTAINED_STEPS ?? "5,10,20,30,40,50,60,70,80,90,100")
          .split(",")
          .filter(Boolean)
          .map(Number),
        stepSeconds: Number(env.BENCH_SUSTAINED_STEP_SECONDS ?? 60),
        fairness:
          Number(env.BENCH_FAIRNESS_RATE ?? 5) > 0
            ? {
                rate: Number(env.BENCH_FAIRNESS_RATE ?? 5),
                seconds: Number(env.BENCH_FAIRNESS_SECONDS ?? 60),
                slowMonitors: Number(env.BENCH_FAIRNESS_SLOW_MONITORS ?? 200),
                holdMs: Number(env.BENCH_FAIRNESS_HOLD_MS ?? 5000),
              }
            : undefined,
      }
    : undefined;

const say = (line: string) => process.stderr.write(`${line}\n`);

/** Where the bytes of the unchanged and settled passes went: the tables that grew most, in KB. */
function growthLines(row: CaseResult): string[] {
  return row.passes
    .filter((pass) => pass.pass === "unchanged" || pass.pass === "settled")
    .map((pass) => {
      const tables = Object.entries(pass.bytesByTable).slice(0, 4);
      const listed = tables.map(([name, growth]) => `${name} ${Math.round(growth / 1024)}`).join(", ");
      return `${row.tool} N=${row.pages}, ${pass.pass} pass: growth by table (KB) ${listed || "none"}.`;
    });
}
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
const commit = () => {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
};

const startedAt = Date.now();
const header = {
  commit: commit(),
  node: process.version,
  cpus: execFileSync("nproc", { encoding: "utf8" }).trim(),
  loadAverageAtStart: load(),
  pages: pagesList,
  databases,
  watch: watchKinds,
  lag: { rate: lagRate, seconds: lagSeconds },
  sustained: sustained ?? null,
  /** Node flags added to the server command's own (BENCH_NODE_FLAGS), when an A/B run sets some. */
  nodeFlags: env.BENCH_NODE_FLAGS || null,
};
process.stdout.write(`${JSON.stringify({ serveBench: header })}\n`);

const postgresUrl = databases.includes("postgres")
  ? (env.DATABASE_URL ??
    execFileSync("bash", [`${ROOT}scripts/ensure-postgres.sh`], { encoding: "utf8" }).trim())
  : undefined;

type Row = (CaseResult | PeerResult) & { loadAverage: string; minutes: number };
const rows: Row[] = [];
const timed = async <T extends CaseResult | PeerResult>(name: string, work: () => Promise<T>) => {
  const t0 = Date.now();
  say(`${name} (load ${load()})…`);
  try {
    const result = await work();
    const row = { ...result, loadAverage: load(), minutes: Number(((Date.now() - t0) / 60_000).toFixed(1)) };
    rows.push(row);
    process.stdout.write(`${JSON.stringify(row)}\n`);
  } catch (error) {
    say(`${name} failed: ${(error as Error).stack ?? error}`);
    process.exitCode = 1;
  }
};

for (const pages of pagesList) {
  if (withPeer && pages <= 500) await timed(`urlwatch N=${pages}`, () => runUrlwatchPeer(pages));
  for (const database of databases) {
    await timed(`ChangeRadar ${database} N=${pages}`, () =>
      runServeCase({
        database,
        pages,
        watch: watchKinds,
        postgresUrl,
        lagRate,
        lagSeconds,
        timeoutMs,
        sustained: pages === pagesList[0] ? sustained : undefined,
      }),
    );
  }
}

let engine: Record<string, unknown> | null = null;
if (withEngine) {
  say(`engine vs tokenizer (load ${load()})…`);
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", `${ROOT}packages/engine/bench/tokenizer-vs-engine.ts`],
    { cwd: `${ROOT}packages/engine`, encoding: "utf8" },
  );
  engine = JSON.parse(out.trim().split("\n").at(-1)!);
  process.stdout.write(`${JSON.stringify({ engine })}\n`);
}

const cell = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : String(value);
/** A serve case's garbage collections per 100 checks, by thread (memory-probe.mjs). */
function gcLines(serve: CaseResult): string[] {
  const gc = serve.gcPer100Checks;
  if (!gc) return [];
  const part = (g: GcCounts) =>
    `${g.scavenges} scavenges (${g.scavengeMs} ms paused), ${g.markCompacts} mark-compacts (${g.markCompactMs} ms paused)`;
  return [
    `${serve.tool} N=${serve.pages}, garbage collections per 100 checks (the passes of checks/s): main threads ${part(gc.main)}; engine threads ${part(gc.engine)}. Marking and sweeping beside the pauses is the helpers' CPU.`,
  ];
}

/** A serve case's minor page faults per check: fresh memory, each page paid for in kernel time. */
function faultLine(serve: CaseResult): string {
  return `${serve.tool} N=${serve.pages}, minor page faults per check (the passes of checks/s): ${serve.minorFaultsPerCheck}, each a 4 KB page of memory touched for the first time (a large block mapped for itself and unmapped when freed is faulted in again each time).`;
}

/** A serve case's CPU per check by thread; the helpers' part is what main and engine leave of the whole. */
const cpuParts = (serve: CaseResult) => {
  const helpers =
    serve.cpuSecondsPerCheck - serve.mainThreadCpuSecondsPerCheck - serve.engineThreadsCpuSecondsPerCheck;
  return `main ${serve.mainThreadCpuSecondsPerCheck}, engine ${serve.engineThreadsCpuSecondsPerCheck}, helpers ${Math.max(0, helpers).toFixed(4)}`;
};
const lines = [
  "",
  `### Serve benchmark — commit ${header.commit}${header.nodeFlags ? ` with node ${header.nodeFlags}` : ""}, ${header.cpus} cores, load ${header.loadAverageAtStart} at start, ${((Date.now() - startedAt) / 60_000).toFixed(1)} min`,
  "",
  "| tool | N | checks/s | check now | scheduler | CPU s/check | peak RSS MB | bytes/unchanged: growth (WAL) | bytes/changed: growth (WAL) | settled: checks/s, bytes (WAL) | lag p50 / p99 ms | missed / real changes | noise alerts | load avg (end) |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ...rows.map((row) => {
    const serve = "database" in row ? row : null;
    const peer = "database" in row ? null : row;
    return `| ${row.tool} | ${row.pages} | ${row.checksPerSecond} | ${cell(serve?.checkNowChecksPerSecond)} | ${cell(serve?.schedulerChecksPerSecond)} | ${row.cpuSecondsPerCheck}${serve ? ` (${cpuParts(serve)})` : ""} | ${row.peakRssMb} | ${serve ? `${cell(serve.bytesPerUnchangedCheck)} (${cell(serve.walBytesPerUnchangedCheck)})` : "–"} | ${serve ? `${cell(serve.bytesPerChangedCheck)} (${cell(serve.walBytesPerChangedCheck)})` : "–"} | ${serve ? `${serve.settled.checksPerSecond}, ${serve.settled.bytesPerCheck} (${serve.settled.walBytesPerCheck})` : `${cell(peer?.settledChecksPerSecond)}, –`} | ${serve ? `${cell(serve.lagMs.p50)} / ${cell(serve.lagMs.p99)} (${serve.lagMs.checks} of ${serve.lagMs.due} at ${serve.lagMs.rate}/s; main ${serve.lagMs.mainThreadCpuSecondsPerCheck} CPU s/check)` : "–"} | ${row.missed} / ${row.changesInTruth} | ${row.noiseAlerts} | ${row.loadAverage} |`;
  }),
  "",
  ...rows.flatMap((row) => {
    if (!("idleRssMb" in row)) return [];
    const peak = row.passes
      .flatMap((p) => p.memory)
      .reduce<(typeof row.passes)[number]["memory"][number] | null>(
        (best, m) => (best && best.rssMb >= m.rssMb ? best : m),
        null,
      );
    if (!peak) return [];
    return [
      `${row.tool} N=${row.pages}: idle RSS ${row.idleRssMb} MB; largest process at its peak: rss ${peak.rssMb} = main heap ${peak.heapTotalMb} (used ${peak.heapUsedMb}) + external ${peak.externalMb} (array buffers ${peak.arrayBuffersMb}) + other ${peak.otherMb} MB (worker threads, WebAssembly, code, native).`,
      ...(peak.wasmMb === undefined
        ? []
        : [
            `  resident near that peak: WebAssembly memory ${peak.wasmMb} MB (external counts it whole), mapped files ${peak.fileMb} MB (node's code), malloc's main heap ${peak.mallocHeapMb} MB; engine worker heaps at their own peaks ${peak.workerHeapsMb} MB.`,
          ]),
    ];
  }),
  ...rows.flatMap((row) => ("idleRssMb" in row ? [...gcLines(row), faultLine(row)] : [])),
  ...rows.flatMap((row) => ("idleRssMb" in row ? growthLines(row) : [])),
  ...sustainedTable(rows.flatMap((row) => ("sustained" in row && row.sustained ? [row] : []))),
  "",
  "checks/s: the unchanged pass and both change rounds (check now: unchanged + round 1; scheduler: round 2).",
  "settled: one more scheduler pass after round 2 in which nothing changes but the noise. The unchanged pass is each monitor's second check, where its page's noise is first seen and learned (a second read); by the settled pass it is known, as on a server that has run a while, and such a check reads the bytes, hashes them without the noise and writes its schedule and check run.",
  "CPU s/check: the same passes; (main …) is the servers' main threads' part (PGlite, fetch, the writer), (engine …) the engine worker threads' (extract, compare); (helpers …) the rest, the helper threads': V8's garbage collection of every heap and its compiler, libuv's pool (zlib).",
  `Peak RSS: ChangeRadar's own processes (PostgreSQL's server not counted)${coldPasses() ? "; PGlite: the largest of its per-pass runs (BENCH_COLD)" : "; the passes run in one server process on either database"}.`,
  `Bytes: growth of pg_total_relation_size of every table, and in brackets the write-ahead log written (pg_current_wal_lsn; on PostgreSQL the whole cluster's), before/after the pass${coldPasses() ? " (PGlite: read between its runs, so its log holds the pages written whole after each restart's checkpoint)" : " (PGlite: read in the running server's own database)"}.`,
];
if (engine) {
  const e = engine as {
    pages: number;
    medianPageKb: number;
    engineExtractCompare: { medianMs: number; medianPagePerSecond: number; pagesPerSecond: number };
    engineFromBytes: { medianMs: number; medianPagePerSecond: number; pagesPerSecond: number };
    bareTokenizer: { medianMs: number; medianPagePerSecond: number; pagesPerSecond: number };
    layers: Record<"parser" | "tree" | "walk" | "extract", { medianMs: number }>;
  };
  const layer = (name: string, medianMs: number) =>
    `| ${name} | ${medianMs} | ${Math.round(1000 / medianMs)} |`;
  lines.push(
    "",
    `| one core, ${e.pages} corpus HTML pages (median ${e.medianPageKb} KB) | median page/s | pages/s overall |`,
    "| --- | --- | --- |",
    `| engine extract + compare (every kind) | ${e.engineExtractCompare.medianPagePerSecond} | ${e.engineExtractCompare.pagesPerSecond} |`,
    `| bare htmlparser2 Tokenizer | ${e.bareTokenizer.medianPagePerSecond} | ${e.bareTokenizer.pagesPerSecond} |`,
    "",
    "Where the engine's time goes, on the median page (each layer adds one stage to the one above it):",
    "",
    "| layer | median ms | median page/s |",
    "| --- | --- | --- |",
    layer("bare htmlparser2 Tokenizer", e.bareTokenizer.medianMs),
    layer("htmlparser2 Parser (tags, attributes, implied closes)", e.layers.parser.medianMs),
    layer("+ the tree (domhandler)", e.layers.tree.medianMs),
    layer("+ the page walk (facts from the parser's events)", e.layers.walk.medianMs),
    layer("+ extraction (price, stock, items, images, structure)", e.layers.extract.medianMs),
    layer("+ compare (every kind): the engine", e.engineExtractCompare.medianMs),
    layer("the engine from the body's bytes, decoded first (as a check runs it)", e.engineFromBytes.medianMs),
  );
}
if (!pagesList.includes(10_000))
  lines.push("", `N = 10,000 not run (BENCH_PAGES=${pagesList.join(",")}): \`npm run bench\` runs it.`);
process.stdout.write(`${lines.join("\n")}\n`);
