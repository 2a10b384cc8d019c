/**
 * The engine pool's throughput while the main thread is busy, as `serve`'s is with fetches and the
 * database: the corpus's HTML pages go through a one-worker pool as body bytes (`extractBytes`), a few
 * jobs in flight as the check slots keep them, while the main thread works in blocks of BENCH_BLOCK_MS
 * (default 5) with a turn of the event loop between two blocks. A worker that waits for the main thread to
 * read one job's result before it gets the next idles for up to a block each time. Prints pages per second
 * of wall time and the worker's utilization: the share of its time it worked rather than waited for a job
 * (less noisy on a shared machine than the rate, which follows the CPU the worker gets).
 *   node --import tsx bench/pool-busy-main.ts      (BENCH_PASSES, default 3; BENCH_BLOCK_MS 0: an idle main thread)
 */
import { EnginePool } from "../src/pool";
import { htmlCorpusEntries, readCorpusPage } from "../test/compare/mutations/corpus";

const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const BLOCK_MS = Number(process.env.BENCH_BLOCK_MS ?? 5);
/** Jobs in flight at once, about what the check slots keep queued on the engine during a pass. */
const IN_FLIGHT = 8;

const pages = htmlCorpusEntries().map((entry) => {
  const { input } = readCorpusPage(entry);
  return { url: input.url, contentType: input.contentType, body: Buffer.from(input.text as string) };
});

function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // the main thread's own work: nothing else runs on it meanwhile
  }
}

const pool = new EnginePool({ size: 1, timeBudgetMs: 60_000 });
await pool.warm();
let done = false;
const mainLoad = (async () => {
  while (!done && BLOCK_MS > 0) {
    busyFor(BLOCK_MS);
    await new Promise((resolve) => setImmediate(resolve));
  }
})();

const jobs = Array.from({ length: PASSES }, () => pages).flat();
const started = performance.now();
let next = 0;
const runLane = async (): Promise<void> => {
  while (next < jobs.length) {
    const page = jobs[next++] as (typeof pages)[number];
    // A copy of its own: the pool moves a job's bytes to the worker.
    const bytes = new Uint8Array(page.body);
    await pool.extractBytes({ url: page.url, contentType: page.contentType, contentTypeHeader: null, bytes });
  }
};
await Promise.all(Array.from({ length: IN_FLIGHT }, runLane));
const seconds = (performance.now() - started) / 1000;
const { utilization } = pool.stats();
done = true;
await mainLoad;
await pool.close();
process.stdout.write(
  `${JSON.stringify({ pages: jobs.length, blockMs: BLOCK_MS, seconds: Number(seconds.toFixed(2)), pagesPerSecond: Number((jobs.length / seconds).toFixed(1)), workerUtilization: Number(utilization.toFixed(3)) })}\n`,
);
