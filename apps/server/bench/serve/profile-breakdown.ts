/**
 * Where a check's CPU goes: reads the V8 CPU profiles a profiled serve benchmark leaves
 * (BENCH_CPU_PROF=DIR) and prints, per pass run and in total, the busy time by category as percentages.
 *
 *   npx tsx apps/server/bench/serve/profile-breakdown.ts DIR [checks per run, comma-separated]
 *
 * A sample is put in the category of the first frame, from the leaf up, that a rule names (JSON.stringify
 * called by Drizzle counts as JSON). Only the samples between the first and the last one under the check
 * worker count on the main thread (start-up, migrations and shutdown are left out); an engine worker
 * thread counts whole. Idle time is never counted. Profiling slows V8 a little: read shares, not seconds.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

type Rule = [category: string, matches: (frame: CallFrame) => boolean];
const named =
  (...names: string[]) =>
  (frame: CallFrame) =>
    names.includes(frame.functionName);
const from =
  (...parts: string[]) =>
  (frame: CallFrame) =>
    parts.some((part) => frame.url.includes(part));

const RULES: Rule[] = [
  ["GC", named("(garbage collector)")],
  ["structured clone (postMessage, messages)", named("postMessage", "emitMessage", "receiveMessageOnPort")],
  [
    "JSON parse/stringify",
    (f) => f.url === "" && (f.functionName === "parse" || f.functionName === "stringify"),
  ],
  // Not writeLatin1String: undici writes request heads with it, and the socket's send is counted there.
  ["string <-> bytes", named("writeUtf8String", "utf8Slice", "latin1Slice", "toString")],
  ["hashing (sha-256)", from("internal/crypto/hash")],
  ["compression (zlib)", from("node:zlib")],
  [
    "PGlite (wasm + protocol)",
    (f) =>
      f.url.includes("@electric-sql/pglite") ||
      f.functionName.startsWith("wasm-function") ||
      f.functionName === "GenericJSToWasmWrapper",
  ],
  ["SQL building (drizzle)", from("drizzle-orm")],
  [
    "fetch (undici, sockets)",
    (f) => from("undici", "node:net", "node:internal/stream_base_commons", "readable")(f),
  ],
  ["API server (fastify, pino)", from("fastify", "pino", "avvio", "find-my-way", "light-my-request")],
  ["engine (extract, compare)", from("htmlparser2", "entities", "domhandler", "engine-worker.js")],
  [
    "check plan + writer",
    named("planRecord", "writeBatch", "finishChecks", "writeBlobs", "recordCheck", "drain", "takeBatch"),
  ],
  [
    "scheduling + claims",
    named(
      "claimRound",
      "claimAsked",
      "claimSoon",
      "claimDueMonitors",
      "claimMonitors",
      "startSoonChecks",
      "launch",
      "releaseLeases",
      "renewLeases",
      "nextDueAt",
    ),
  ],
  ["previous version (cache)", named("loadPrevious", "loadPacked", "getPacked")],
  ["module loading / start-up", named("compileSourceTextModule", "wrapSafe", "compileForInternalLoader")],
  ["V8 / native other", named("(program)")],
];
const WORKER_MARKERS = new Set(["runClaimed", "claimAsked", "claimRound", "writeBatch"]);

function categorize(frames: CallFrame[], engineThread: boolean): string {
  for (const frame of frames) for (const [category, matches] of RULES) if (matches(frame)) return category;
  return engineThread ? "engine (extract, compare)" : "other JavaScript";
}

function breakdown(profile: Profile, engineThread: boolean): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const stackOf = (id: number) => {
    const frames: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at))
      frames.push(byId.get(at)!.callFrame);
    return frames;
  };
  const stacks = profile.samples.map(stackOf);
  let first = 0;
  let last = stacks.length - 1;
  if (!engineThread) {
    const inWorker = (frames: CallFrame[]) => frames.some((frame) => WORKER_MARKERS.has(frame.functionName));
    first = stacks.findIndex(inWorker);
    last = stacks.findLastIndex(inWorker);
  }
  const out = new Map<string, number>();
  for (let i = Math.max(0, first); i <= last; i += 1) {
    if (stacks[i][0].functionName === "(idle)") continue;
    const category = `${engineThread ? "engine thread" : "main thread"}: ${categorize(stacks[i], engineThread)}`;
    out.set(category, (out.get(category) ?? 0) + profile.timeDeltas[i] / 1000);
  }
  return out;
}

const dir = process.argv[2];
if (!dir) throw new Error("usage: profile-breakdown.ts DIR [checks,...]");
const checks = (process.argv[3] ?? "").split(",").filter(Boolean).map(Number);
const files = readdirSync(dir)
  .filter((name) => name.endsWith(".cpuprofile"))
  .sort();
const runs = new Map<string, Map<string, number>>();
for (const name of files) {
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread, the others engine workers.
  const [, , , pid, thread] = name.split(".");
  const profile = JSON.parse(readFileSync(join(dir, name), "utf8")) as Profile;
  const run = runs.get(pid) ?? new Map<string, number>();
  for (const [category, ms] of breakdown(profile, thread !== "0"))
    run.set(category, (run.get(category) ?? 0) + ms);
  runs.set(pid, run);
}
const total = new Map<string, number>();
const table = (title: string, run: Map<string, number>, checkCount?: number) => {
  const busy = [...run.values()].reduce((sum, ms) => sum + ms, 0);
  const perCheck = checkCount ? `, ${(busy / checkCount).toFixed(2)} ms per check` : "";
  const lines = [`${title}: ${(busy / 1000).toFixed(2)} CPU s busy${perCheck}`];
  for (const [category, ms] of [...run].sort((a, b) => b[1] - a[1]))
    lines.push(
      `  ${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${(ms / 1000).toFixed(2).padStart(6)} s  ${category}`,
    );
  return lines.join("\n");
};
[...runs].forEach(([pid, run], i) => {
  process.stdout.write(`${table(`run ${i + 1} (pid ${pid})`, run, checks[i])}\n`);
  for (const [category, ms] of run) total.set(category, (total.get(category) ?? 0) + ms);
});
const allChecks = checks.reduce((sum, n) => sum + n, 0);
process.stdout.write(`${table("all runs", total, allChecks || undefined)}\n`);
