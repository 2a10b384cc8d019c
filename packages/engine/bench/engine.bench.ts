/**
 * Engine benchmark. Prints one JSON object:
 * - extractCompare: for every corpus page, extract + compare against its previous snapshot on one core
 *   (pages/s, median and p99 ms per page, MB/s; extract and compare alone as well; wall clock and CPU
 *   time). The page is read and its previous snapshot loaded before the clock starts.
 * - fetchExtractCompare: the whole check over loopback HTTP with 16 in flight: fetch, load the previous
 *   snapshot (stored gzipped JSON, as the service stores it), extract, compare.
 * - peakRssMb: the process's peak resident set size (the corpus server runs in a child process), and the
 *   peak live heap during extract + compare. rssAtStartMb is the resident size before the first page: Node,
 *   the tsx loader (its hooks run in a worker thread with its own heap, ~35 MB) and the loaded modules. The
 *   service runs through tsx as well, so the peak is what a worker uses; peak minus start is what the
 *   pages themselves cost.
 */
import { fork } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { watchKinds } from "@changeradar/contracts";
import { compareSnapshots } from "../src/compare";
import { extractSnapshotSync } from "../src/extract";
import { httpFetch } from "../src/fetch/http-fetch";
import type { Snapshot } from "../src/snapshot";
import {
  CORPUS_DIR,
  type CorpusEntry,
  corpusEntries,
  readCorpusPage,
} from "../test/compare/mutations/corpus";

const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const IN_FLIGHT = 16;
const watch = [...watchKinds];

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

function stats(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { medianMs: round(percentile(sorted, 0.5), 3), p99Ms: round(percentile(sorted, 0.99), 3) };
}

/** Previous versions as the service keeps them: gzipped JSON blobs. */
const storedSnapshots = new Map<string, Buffer>();
let peakHeapUsed = 0;
const loadPrevious = (file: string): Snapshot =>
  JSON.parse(gunzipSync(storedSnapshots.get(file)!).toString()) as Snapshot;

function extractCompare(entries: readonly CorpusEntry[]) {
  const total: number[] = [];
  const extractOnly: number[] = [];
  const compareOnly: number[] = [];
  const cpuMs: number[] = [];
  let bytes = 0;
  let busyMs = 0;
  for (let pass = 0; pass < PASSES; pass += 1) {
    for (const entry of entries) {
      const page = readCorpusPage(entry);
      const input = { ...page.input, bytes: undefined };
      const previous = loadPrevious(entry.file);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const next = extractSnapshotSync(input);
      const t1 = performance.now();
      compareSnapshots(previous, next, { watch });
      const t2 = performance.now();
      const cpu = process.cpuUsage(cpu0);
      cpuMs.push((cpu.user + cpu.system) / 1000);
      extractOnly.push(t1 - t0);
      compareOnly.push(t2 - t1);
      total.push(t2 - t0);
      busyMs += t2 - t0;
      bytes += page.bytes;
      peakHeapUsed = Math.max(peakHeapUsed, process.memoryUsage().heapUsed);
    }
  }
  const overall = stats(total);
  return {
    pages: total.length,
    pagesPerSecond: round((total.length / busyMs) * 1000, 1),
    medianPagePerSecond: round(1000 / overall.medianMs, 1),
    ...overall,
    mbPerSecond: round(bytes / 1024 / 1024 / (busyMs / 1000)),
    extract: stats(extractOnly),
    compare: stats(compareOnly),
    /** CPU time of this process (all its threads) per page: the figure to trust on a shared, busy machine. */
    cpu: {
      pagesPerSecond: round((cpuMs.length / cpuMs.reduce((sum, ms) => sum + ms, 0)) * 1000, 1),
      ...stats(cpuMs),
      medianPagePerSecond: round(1000 / stats(cpuMs).medianMs, 1),
    },
  };
}

async function startServer(): Promise<{ port: number; stop: () => void }> {
  const child = fork(join(import.meta.dirname, "corpus-server.mjs"), [CORPUS_DIR], {
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  const [chunk] = (await once(child.stdout!, "data")) as [Buffer];
  return { port: Number(chunk.toString().trim()), stop: () => child.kill() };
}

async function fetchExtractCompare(entries: readonly CorpusEntry[]) {
  const server = await startServer();
  try {
    const queue = Array.from({ length: PASSES }, () => entries).flat();
    const latencies: number[] = [];
    let bytes = 0;
    let failures = 0;
    const started = performance.now();
    const worker = async (): Promise<void> => {
      for (let entry = queue.shift(); entry !== undefined; entry = queue.shift()) {
        const t0 = performance.now();
        try {
          const fetched = await httpFetch(
            { url: `http://127.0.0.1:${server.port}/${entry.file}` },
            { allowPrivateTargets: true },
          );
          const next = extractSnapshotSync({
            url: entry.url,
            contentType: fetched.contentType,
            text: fetched.text,
          });
          compareSnapshots(loadPrevious(entry.file), next, { watch });
          bytes += fetched.bytes.byteLength;
        } catch {
          failures += 1;
        }
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const seconds = (performance.now() - started) / 1000;
    return {
      inFlight: IN_FLIGHT,
      pages: latencies.length,
      failures,
      pagesPerSecond: round(latencies.length / seconds, 1),
      mbPerSecond: round(bytes / 1024 / 1024 / seconds),
      ...stats(latencies),
    };
  } finally {
    server.stop();
  }
}

const rssAtStart = process.memoryUsage().rss;
const entries = corpusEntries();
// A first check of every page: the stored previous versions (this pass also warms the JIT up).
let corpusBytes = 0;
const sizes: number[] = [];
for (const entry of entries) {
  const page = readCorpusPage(entry);
  corpusBytes += page.bytes;
  sizes.push(page.bytes);
  const snapshot = extractSnapshotSync({ ...page.input, bytes: undefined });
  compareSnapshots(snapshot, snapshot, { watch });
  storedSnapshots.set(entry.file, gzipSync(JSON.stringify(snapshot)));
}
sizes.sort((a, b) => a - b);

const extractCompareReport = extractCompare(entries);
const peakRssAfterExtractCompare = round(process.resourceUsage().maxRSS / 1024, 1);
const report = {
  corpus: {
    pages: entries.length,
    mb: round(corpusBytes / 1024 / 1024),
    medianPageKb: round(percentile(sizes, 0.5) / 1024, 1),
  },
  passes: PASSES,
  extractCompare: extractCompareReport,
  fetchExtractCompare: await fetchExtractCompare(entries),
  rssAtStartMb: round(rssAtStart / 1024 / 1024, 1),
  peakRssMbExtractCompare: peakRssAfterExtractCompare,
  /** What extracting and comparing the pages added on top of the runtime, loader and modules. */
  pagesRssMbExtractCompare: round(peakRssAfterExtractCompare - rssAtStart / 1024 / 1024, 1),
  /** Live JavaScript heap at its largest during extract + compare (RSS also holds garbage not yet collected). */
  peakHeapUsedMbExtractCompare: round(peakHeapUsed / 1024 / 1024, 1),
  peakRssMb: round(process.resourceUsage().maxRSS / 1024, 1),
  node: process.version,
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
