/**
 * A pool of worker threads that runs the page-level engine work (extract, compare, fingerprint, learn
 * noise) off the event loop, each job under a time and a memory budget. A job past its time budget has its
 * worker terminated and replaced; a worker past its heap budget dies with V8's out-of-memory error and is
 * replaced. Either way the caller gets a clear error and no page can stall the API, the scheduler or
 * another user's check.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ChangeResult, CompareOptions, FingerprintOptions, LearnedNoise } from "../compare";
import type { ExtractInput, ExtractOptions } from "../extract";
import { ownsWholeBuffer } from "../fetch/release-bytes";
import type { Snapshot } from "../snapshot";
import { crashed, reviveError, tooBig, tooSlow } from "./errors";
import type {
  EncodedPage,
  EngineJob,
  EngineJobResults,
  ExtractedAndCompared,
  ExtractedForStore,
  JobSnapshot,
  LearnedAndCompared,
  PackedSnapshot,
  PageEngine,
  PageSource,
} from "./jobs";
import type { JobMessage, WorkerMessage } from "./worker";

export interface EnginePoolOptions {
  /** Worker threads; by default one per core but one, which is left to the main thread (fetch, hash, database). */
  size?: number;
  /**
   * Longest one job may run once a worker runs it (waiting in the queue, or behind the worker's running job,
   * is not counted).
   */
  timeBudgetMs?: number;
  /** Heap (old generation) of one worker, in MB. */
  memoryBudgetMb?: number;
}

export const DEFAULT_TIME_BUDGET_MS = 10_000;
export const DEFAULT_MEMORY_BUDGET_MB = 256;
/**
 * Young generation of a worker. A page is parsed into short-lived objects; V8's default (up to 3 × 16 MB
 * per thread) is then mostly garbage kept resident between two scavenges.
 */
const YOUNG_GENERATION_MB = 16;
/**
 * Jobs a worker holds at once: the one it runs and the next, already posted to it. A worker that finishes a
 * job starts the next from its own message queue, instead of idling until the main thread, busy with fetches
 * and the database, reads the result and sends another. With one job each, the serve bench's engine thread
 * spent half its wall time in that gap: about 27 ms a job for 14 ms of its CPU.
 */
const JOBS_PER_WORKER = 2;

interface Task {
  id: number;
  job: EngineJob;
  /** Buffers moved to the worker with the job (the page's body bytes). */
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** The jobs posted to the worker, in the order it runs them: the first is the one running. */
  tasks: Task[];
  /** The running job's time budget. */
  timer: NodeJS.Timeout | null;
  /** The error the worker died of (an uncaught error, or V8's out-of-memory). */
  failure: Error | null;
}

/** The page with bytes the worker can take over, and the buffer to move. */
function movable(page: EncodedPage): [EncodedPage, ArrayBuffer[]] {
  // Moved, not copied: a buffer shared with other data (Node's small-allocation pool) is copied once first.
  const bytes = ownsWholeBuffer(page.bytes) ? page.bytes : page.bytes.slice();
  return [{ ...page, bytes }, [bytes.buffer as ArrayBuffer]];
}

/** A page's bytes are moved to the worker; decoded text (`input`) is cloned as it is. */
function movableSource(source: PageSource): [PageSource, ArrayBuffer[]] {
  if (!("page" in source)) return [source, []];
  const [page, transfer] = movable(source.page);
  return [{ page }, transfer];
}

/**
 * Run from sources (tsx, Vitest), a worker thread starts without the TypeScript loader: worker-boot.mjs
 * registers it, then loads worker.ts. Bundled into the server (apps/server/scripts/build.mjs), this module is
 * plain JavaScript in a chunk beside the bundled worker, which starts as it is.
 */
const BUNDLED = !import.meta.url.endsWith(".ts");
const BOOT = new URL(BUNDLED ? "./engine-worker.js" : "./worker-boot.mjs", import.meta.url);
const ENTRY = new URL("./worker.ts", import.meta.url).href;

export class EnginePool implements PageEngine {
  readonly size: number;
  readonly timeBudgetMs: number;
  readonly memoryBudgetMb: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  /** Workers terminated or lost and replaced since the pool started. */
  replaced = 0;

  constructor(options: EnginePoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? availableParallelism() - 1));
    this.timeBudgetMs = options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS;
    this.memoryBudgetMb = options.memoryBudgetMb ?? DEFAULT_MEMORY_BUDGET_MB;
  }

  extract(input: ExtractInput, options: ExtractOptions = {}): Promise<Snapshot> {
    return this.run({ kind: "extract", input, options });
  }

  extractBytes(page: EncodedPage, options: ExtractOptions = {}): Promise<Snapshot> {
    const [moved, transfer] = movable(page);
    return this.run({ kind: "extractBytes", page: moved, options }, transfer);
  }

  extractAndCompare(
    source: PageSource,
    options: ExtractOptions,
    previous: PackedSnapshot,
    compare: CompareOptions,
  ): Promise<ExtractedAndCompared> {
    const [moved, transfer] = movableSource(source);
    return this.run({ kind: "extractAndCompare", source: moved, options, previous, compare }, transfer);
  }

  extractForStore(
    source: PageSource,
    options: ExtractOptions,
    fingerprint: FingerprintOptions,
  ): Promise<ExtractedForStore> {
    const [moved, transfer] = movableSource(source);
    return this.run({ kind: "extractForStore", source: moved, options, fingerprint }, transfer);
  }

  compare(previous: Snapshot, next: JobSnapshot, options: CompareOptions): Promise<ChangeResult> {
    return this.run({ kind: "compare", previous, next, options });
  }

  fingerprint(snapshot: JobSnapshot, options: FingerprintOptions): Promise<string> {
    return this.run({ kind: "fingerprint", snapshot, options });
  }

  learnNoise(
    first: JobSnapshot,
    second: JobSnapshot,
    previous: LearnedNoise | null = null,
  ): Promise<LearnedNoise> {
    return this.run({ kind: "learnNoise", first, second, previous });
  }

  learnNoiseAndCompare(
    first: JobSnapshot,
    second: JobSnapshot,
    previous: PackedSnapshot,
    compare: CompareOptions,
  ): Promise<LearnedAndCompared> {
    return this.run({ kind: "learnNoiseAndCompare", first, second, previous, compare });
  }

  /** Starts every worker now, so the first jobs do not wait for the threads to load the engine. */
  async warm(): Promise<void> {
    while (this.slots.size < this.size) this.spawn();
    await Promise.all(
      [...this.slots].map((slot) =>
        slot.ready ? undefined : new Promise((resolve) => slot.worker.once("message", resolve)),
      ),
    );
  }

  /**
   * Live workers, busy workers and queued jobs (for tests and metrics), and `utilization`: the share of
   * their time since they started that the live workers spent working rather than waiting for a job
   * (their event loops' utilization, averaged; 0 without workers).
   */
  stats(): { workers: number; busy: number; queued: number; replaced: number; utilization: number } {
    const slots = [...this.slots];
    const busy = slots.filter((slot) => slot.tasks.length > 0).length;
    const shares = slots.map((slot) => slot.worker.performance.eventLoopUtilization().utilization);
    const utilization =
      shares.length === 0 ? 0 : shares.reduce((sum, share) => sum + share, 0) / shares.length;
    return {
      workers: this.slots.size,
      busy,
      queued: this.queue.length,
      replaced: this.replaced,
      utilization,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(closedError());
    const slots = [...this.slots];
    this.slots.clear();
    await Promise.all(slots.map((slot) => this.stop(slot, closedError())));
  }

  private run<K extends EngineJob["kind"]>(
    job: EngineJob & { kind: K },
    transfer: ArrayBuffer[] = [],
  ): Promise<EngineJobResults[K]> {
    if (this.closed) return Promise.reject(closedError());
    return new Promise((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        job,
        transfer,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /**
   * Gives the queued jobs to the idle workers, starts workers for the rest up to the pool's size, and only
   * when every worker is running and busy posts a next job behind each one's running job.
   */
  private dispatch(): void {
    this.assignToWorkersHolding(0);
    const starting = [...this.slots].filter((slot) => !slot.ready).length;
    for (let i = starting; i < this.queue.length && this.slots.size < this.size; i += 1) this.spawn();
    if ([...this.slots].every((slot) => slot.ready))
      for (let held = 1; held < JOBS_PER_WORKER; held += 1) this.assignToWorkersHolding(held);
    for (const slot of this.slots) this.holdProcess(slot);
  }

  /** One queued job to each ready worker holding `held` jobs. */
  private assignToWorkersHolding(held: number): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.ready && slot.tasks.length === held) this.assign(slot, this.queue.shift()!);
    }
  }

  /** A worker keeps the process alive only while it has work, or is starting for queued work. */
  private holdProcess(slot: Slot): void {
    if (slot.tasks.length > 0 || (!slot.ready && this.queue.length > 0)) slot.worker.ref();
    else slot.worker.unref();
  }

  /**
   * Posts a job to a worker. The job a worker runs at once takes its buffers over; one posted behind another
   * gets a copy, so that if the worker dies before starting it the job still has its page and goes to
   * another worker.
   */
  private assign(slot: Slot, task: Task): void {
    slot.tasks.push(task);
    const next = slot.tasks.length > 1;
    slot.worker.postMessage({ id: task.id, job: task.job } satisfies JobMessage, next ? [] : task.transfer);
    if (next) return;
    task.transfer = [];
    this.startBudget(slot);
  }

  /**
   * The time budget of the worker's running job. A job posted behind another counts from the moment the
   * main thread reads the one before's result: a little after the worker started it, never before.
   */
  private startBudget(slot: Slot): void {
    slot.timer = setTimeout(() => {
      this.slots.delete(slot);
      this.replaced += 1;
      void this.stop(slot, tooSlow(this.timeBudgetMs));
      this.dispatch();
    }, this.timeBudgetMs);
  }

  /**
   * The jobs a worker held behind the one it died in go back to the head of the queue, in their order (or
   * fail, once the pool is closed). One it had just begun runs again elsewhere: a job is a pure function of
   * what it was sent.
   */
  private requeue(tasks: Task[]): void {
    if (this.closed) for (const task of tasks) task.reject(closedError());
    else this.queue.unshift(...tasks);
  }

  private spawn(): Slot {
    const worker = new Worker(BOOT, {
      workerData: { entry: ENTRY },
      resourceLimits: {
        maxOldGenerationSizeMb: this.memoryBudgetMb,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
    });
    const slot: Slot = { worker, ready: false, tasks: [], timer: null, failure: null };
    this.slots.add(slot);
    worker.on("message", (message: WorkerMessage) => this.onMessage(slot, message));
    worker.on("error", (error) => {
      slot.failure = error;
    });
    worker.on("exit", (code) => this.onExit(slot, code));
    return slot;
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if (message.type === "ready") {
      slot.ready = true;
      this.dispatch();
      return;
    }
    const task = slot.tasks[0];
    if (!task || task.id !== message.id) return;
    this.clearBudget(slot);
    slot.tasks.shift();
    if (slot.tasks.length > 0) this.startBudget(slot);
    if (message.type === "done") task.resolve(message.value);
    else task.reject(reviveError(message.error));
    this.dispatch();
  }

  private onExit(slot: Slot, code: number): void {
    if (!this.slots.delete(slot)) return; // retired on purpose (time budget, close)
    const [task, ...waiting] = this.takeTasks(slot);
    const outOfMemory = (slot.failure as NodeJS.ErrnoException | null)?.code === "ERR_WORKER_OUT_OF_MEMORY";
    const error = outOfMemory
      ? tooBig(this.memoryBudgetMb)
      : crashed(slot.failure ?? new Error(`the worker stopped (exit code ${code})`));
    if (task) task.reject(error);
    if (!slot.ready && !task) {
      // A worker that cannot even start would be replaced forever: fail the queued jobs instead.
      for (const queued of this.queue.splice(0)) queued.reject(error);
      return;
    }
    // The job it died in fails; the ones posted behind it are given to another worker.
    this.requeue(waiting);
    this.replaced += 1;
    this.dispatch();
  }

  private clearBudget(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  /** Empties a worker's jobs (it is going away): the running one first. */
  private takeTasks(slot: Slot): Task[] {
    this.clearBudget(slot);
    return slot.tasks.splice(0);
  }

  /** Ends a worker: its running job fails with `reason`, the ones behind it go back to the queue. */
  private async stop(slot: Slot, reason: Error): Promise<void> {
    const [task, ...waiting] = this.takeTasks(slot);
    task?.reject(reason);
    this.requeue(waiting);
    await slot.worker.terminate();
  }
}

const closedError = () => new Error("The engine pool is closed.");
