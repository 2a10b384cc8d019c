import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { type PackedSnapshot, unpackSnapshot } from "@changeradar/engine";
import { type Clock, systemClock } from "../clock";
import type { Database } from "../db";
import type { MonitorRow } from "../db/schema/monitors";
import type { BackgroundTask } from "../tasks/background-task";
import { blobEncoding, decodeBlob } from "./blob-codec";
import type { RecordedStatus } from "./check-plan";
import { type CheckTiming, defaultCheckTiming } from "./check-timing";
import { createCheckWriter, LeaseLost, recordCheck } from "./check-writer";
import { findSnapshotBlobs } from "./checks.repository";
import { claimDueMonitors, claimMonitors, extendLeases, nextDueAt, releaseLeases } from "./claims.repository";
import { HostLimiter, Semaphore } from "./concurrency";
import { checkPage, type FetchSettings, type PreviousVersion } from "./page-check";
import { checkSite, watchSitePages } from "./site-check";
import { SnapshotCache } from "./snapshot-cache";

export interface CheckWorkerOptions {
  db: Database;
  fetch: FetchSettings;
  timing?: CheckTiming;
  /** Checks in flight at once in this process. */
  concurrency?: number;
  /**
   * While checks run, a claim waits until `slots` are free (at most `delayMs`), so one statement claims
   * several monitors (default: half the slots, CLAIM_GROUP_DELAY_MS). A claim with nothing running goes at once.
   */
  claimGroup?: { slots: number; delayMs: number };
  perHostConcurrency?: number;
  /**
   * Claim due monitors in a loop (the scheduler). Off in the small worker that runs only first checks and
   * "check now" (the server tests; `changeradar api` on the embedded database).
   */
  schedule?: boolean;
  /** Longest sleep between two claims when nothing is due (new monitors from other nodes are seen then). */
  idlePollMs?: number;
  /** How long `stop()` lets in-flight checks finish before giving their leases back. */
  stopGraceMs?: number;
  log?: (level: "info" | "warn" | "error", message: string, detail?: unknown) => void;
  /** Memory for the previous versions of monitors between their checks, deflated (default 16 MB). */
  snapshotCacheBytes?: number;
  /**
   * How long a check may keep its lease (renewed every half lease while it runs); past it, another worker
   * redoes the check and this one's result is dropped. Default: 5 minutes or the lease, the longer.
   */
  checkDeadlineMs?: number;
  /** What is due and when a check happened (tests reach due times without waiting). Default: the system's. */
  clock?: Clock;
  /** Called after each recorded check (the benchmark measures scheduling lag with it). */
  onChecked?: (info: { monitorId: string; dueAt: Date; startedAt: Date; status: RecordedStatus }) => void;
}

export interface CheckWorker extends BackgroundTask {
  readonly owner: string;
  /** Checks one monitor right away in the background (first check, "check now"). */
  checkSoon(monitorId: string): void;
  /** One scheduler round: claim the due monitors the free slots allow and check them. Returns how many. */
  runOnce(): Promise<number>;
}

/**
 * How long a claim waits, while checks run, for half the slots to be free. A claim costs PGlite about 8 ms
 * of the main thread however few monitors it takes; at 50 ms, a worker checking ~50 pages a second claimed
 * 2-3 at a time (issue 11: 750 claims for 2,500 checks). Checks still running keep the engine busy meanwhile.
 */
export const CLAIM_GROUP_DELAY_MS = 300;

/**
 * The shortest time between a claim that left nothing due unclaimed (with slots free) and the next.
 * On a steady schedule monitors come due one by one: each freed slot, written check and due time started a
 * claim of one or none, and a claim costs PGlite several milliseconds of the main thread however few it
 * takes. Serve benchmark's lag phase (100 checks/s, PGlite, four runs each): the main thread's CPU per check
 * 0.0043-0.0053 s against 0.0087-0.0099 without the gap; lag p50 57-71 ms against 8-11. "Check now" does not
 * wait (its own claim, or a wake).
 */
export const CLAIM_GAP_MS = 100;

/** The shortest sleep between two claims while due monitors wait for their hosts' permits. */
const MIN_IDLE_MS = 20;

export function createCheckWorker(options: CheckWorkerOptions): CheckWorker {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const timing = options.timing ?? defaultCheckTiming;
  const concurrency = options.concurrency ?? 8;
  const slots = new Semaphore(concurrency);
  const claimGroup = options.claimGroup ?? {
    slots: Math.max(1, Math.floor(concurrency / 2)),
    delayMs: CLAIM_GROUP_DELAY_MS,
  };
  let claimTimer: NodeJS.Timeout | null = null;
  const hosts = new HostLimiter(options.perHostConcurrency ?? 2);
  const idlePollMs = options.idlePollMs ?? 1000;
  const claimGap = Math.min(CLAIM_GAP_MS, idlePollMs);
  const log = options.log ?? (() => {});
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const writer = createCheckWriter(db, owner, { running: () => inFlight.size });
  const inFlight = new Map<string, Promise<void>>();
  /** When each check in flight started (its lease is renewed until its deadline). */
  const checkStarts = new Map<string, number>();
  const deadlineMs = options.checkDeadlineMs ?? Math.max(timing.leaseMs, 5 * 60_000);
  let renewal: NodeJS.Timeout | null = null;
  /**
   * Checks asked for by id, waiting for a slot or their host's permit, with when they were asked for: a
   * monitor whose check started since (another worker's) is not checked again for the same request.
   */
  const soon = new Map<string, Date>();
  /** Checks asked for while a check of the same monitor runs here: moved to `soon` when that check ends. */
  const askedWhileRunning = new Map<string, Date>();
  const cache = new SnapshotCache(options.snapshotCacheBytes ?? 16 * 1024 * 1024);
  const scheduling = options.schedule ?? true;
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let slotWake: (() => void) | null = null;
  /** Slots freed and checks written so far (a sleep that a freed slot does not end still sees it). */
  let slotsFreed = 0;
  const slotFreed = () => {
    slotsFreed++;
    slotWake?.();
  };

  const askWhileRunning = (monitorId: string) => {
    if (!askedWhileRunning.has(monitorId)) askedWhileRunning.set(monitorId, clock.now());
  };

  /**
   * Sleeps `ms`; resolves true when woken before. Stopping and checks asked for always wake it; a freed slot
   * or a check written wakes it unless `slotsWake` is false.
   */
  const sleep = (ms: number, { slotsWake = true } = {}) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), ms);
      function done(woken: boolean) {
        clearTimeout(timer);
        wake = null;
        slotWake = null;
        resolve(woken);
      }
      wake = () => done(true);
      slotWake = slotsWake ? wake : null;
    });

  /**
   * Runs a claimed check whose host permit and slot are already held. `fetched` gives them back once the
   * page work is done: waiting for the batched write neither loads the host nor uses the engine, and a
   * batch fills only while other checks run.
   */
  async function runClaimed(monitor: MonitorRow, fetched: () => void): Promise<void> {
    const startedAt = clock.now();
    try {
      const previous = () => loadPrevious(db, monitor, cache);
      const outcome =
        monitor.mode === "page"
          ? await checkPage(
              monitor,
              previous,
              options.fetch,
              async () => (await loadStored(db, monitor, cache))?.packed ?? null,
            )
          : await checkSite(monitor, previous, options.fetch);
      // Before the record: once the check row is written the check is over for everyone waiting on it.
      if (monitor.mode !== "page" && "version" in outcome && "snapshot" in outcome.version)
        await watchSitePages(db, monitor, outcome.version.snapshot, clock.now());
      fetched();
      const { status, snapshotId, packed, askedAgain } = await recordCheck(
        writer,
        monitor,
        outcome,
        clock.now(),
        {
          startedAt,
          timing,
        },
      );
      // "Check now" came while this check ran: the page is checked again as it is now, here at once
      // when a slot is free (the monitor is also due for any scheduler).
      if (askedAgain) askWhileRunning(monitor.id);
      // A stored version comes back with its bytes as stored: the cache keeps those, not the snapshot.
      if (snapshotId && packed) {
        if (monitor.latestSnapshotId) cache.delete(monitor.latestSnapshotId);
        cache.set(snapshotId, packed, "screenshot" in outcome ? outcome.screenshot : null);
      }
      options.onChecked?.({ monitorId: monitor.id, dueAt: monitor.nextCheckAt, startedAt, status });
    } catch (error) {
      if (error instanceof LeaseLost) log("warn", error.message);
      else log("error", `Check of monitor ${monitor.id} failed`, error);
    }
  }

  function launch(monitor: MonitorRow): Promise<void> {
    checkStarts.set(monitor.id, clock.now().getTime());
    let held = true;
    const giveBackSlot = () => {
      if (!held) return;
      held = false;
      hosts.release(monitor.host);
      slots.release();
      slotFreed();
      startSoonChecks();
    };
    // The monitor stays in flight until its check is written: this worker does not start it again before.
    const task = runClaimed(monitor, giveBackSlot).finally(() => {
      inFlight.delete(monitor.id);
      checkStarts.delete(monitor.id);
      const askedAt = askedWhileRunning.get(monitor.id);
      if (askedAt) {
        askedWhileRunning.delete(monitor.id);
        if (!soon.has(monitor.id)) soon.set(monitor.id, askedAt);
      }
      giveBackSlot();
      slotFreed();
      startSoonChecks();
    });
    inFlight.set(monitor.id, task);
    return task;
  }

  /**
   * Starts the asked-for checks ("check now", first checks) that the free slots and their hosts' permits
   * allow, claimed in one statement; the others wait here for the next check of this worker to end. A
   * worker without a scheduler (the `api` role) has no loop that would pick them up later. While checks run,
   * the claim waits (at most `claimGroup.delayMs`) until several slots are free, so one claim starts several.
   */
  function startSoonChecks(): void {
    if (!running || soon.size === 0 || slots.free === 0) return;
    if (slots.free < Math.min(claimGroup.slots, soon.size) && inFlight.size > 0) {
      claimTimer ??= setTimeout(() => {
        claimTimer = null;
        claimSoon();
      }, claimGroup.delayMs);
      return;
    }
    claimSoon();
  }

  function claimSoon(): void {
    if (claimTimer) clearTimeout(claimTimer);
    claimTimer = null;
    const asked = new Map<string, Date>();
    for (const [monitorId, askedAt] of soon) {
      if (!running || asked.size >= slots.free) break;
      soon.delete(monitorId);
      // The scheduler started it after the request (one made during a check waits in `askedWhileRunning`).
      if (inFlight.has(monitorId)) continue;
      asked.set(monitorId, askedAt);
    }
    if (asked.size === 0) return;
    // Free slots are taken at once (before the claim's round trip), one per monitor asked for.
    for (let i = 0; i < asked.size; i++) void slots.acquire();
    void claimAsked(asked);
  }

  async function claimAsked(asked: Map<string, Date>): Promise<void> {
    let claimed: MonitorRow[] = [];
    try {
      const requests = [...asked].map(([id, askedAt]) => ({ id, askedAt }));
      claimed = running ? await claimMonitors(db, requests, owner, timing.leaseMs, clock.now()) : [];
    } catch (error) {
      log("error", `Could not start the checks of monitors ${[...asked.keys()].join(", ")}`, error);
    }
    const blocked: MonitorRow[] = [];
    for (const monitor of claimed) {
      if (hosts.tryAcquire(monitor.host)) void launch(monitor);
      else blocked.push(monitor);
    }
    for (let i = claimed.length; i < asked.size; i++) slots.release();
    // Their hosts are at their limit here. The scheduler takes them when it has a permit; without one they
    // wait for one of this worker's checks of that host to end (or, if one just ended, go again now).
    if (blocked.length > 0) {
      try {
        await releaseLeases(
          db,
          blocked.map((monitor) => monitor.id),
          owner,
        );
        if (!scheduling) {
          for (const monitor of blocked) soon.set(monitor.id, asked.get(monitor.id) ?? clock.now());
          if (blocked.some((monitor) => !hosts.saturated().includes(monitor.host)))
            queueMicrotask(startSoonChecks);
        }
      } catch (error) {
        log("error", "Could not give back the leases of monitors whose hosts are at their limit", error);
      }
      for (const _ of blocked) slots.release();
    }
    wake?.();
  }

  /** Claims due monitors for the free slots and starts their checks; returns the claim's size and the checks. */
  async function claimRound(): Promise<{ free: number; claimed: number; at: Date; checks: Promise<void>[] }> {
    const free = slots.free;
    const at = clock.now();
    const claimed =
      free > 0
        ? await claimDueMonitors(db, owner, free, timing.leaseMs, hosts.permits(), at, [...inFlight.keys()])
        : [];
    const checks: Promise<void>[] = [];
    const giveBack: string[] = [];
    for (const monitor of claimed) {
      // Our own check of it outlived its lease and is still running: let that one finish.
      if (inFlight.has(monitor.id)) continue;
      // The host permit first, then the slot: a host at its limit never holds a slot. Claimed
      // beyond the host's free permits: given back at once, due for the next claim.
      if (slots.free === 0 || !hosts.tryAcquire(monitor.host)) {
        giveBack.push(monitor.id);
        continue;
      }
      await slots.acquire();
      checks.push(launch(monitor));
    }
    if (giveBack.length > 0) await releaseLeases(db, giveBack, owner);
    return { free, claimed: claimed.length, at, checks };
  }

  async function schedulerLoop(): Promise<void> {
    while (running) {
      try {
        const { free, claimed, at } = await claimRound();
        if (!running) break;
        if (slots.free === 0) {
          await sleep(idlePollMs);
          await severalSlotsFree();
        } else if (claimed < free) {
          const { delayMs, dueLeft } = await idleDelay(at);
          if (dueLeft) {
            // Due monitors the claim left (their hosts at their limit, or past its candidates): a freed slot
            // or written check may be one of theirs, and claims them at once.
            await sleep(Math.max(MIN_IDLE_MS, delayMs));
          } else {
            // Nothing due is left: the claim gap (CLAIM_GAP_MS), then the rest of the wait for the next due
            // time, unless a slot freed meanwhile (a host's permit, for a monitor that has come due since).
            const freedBefore = slotsFreed;
            const woken = await sleep(claimGap, { slotsWake: false });
            if (!woken && running && delayMs > claimGap && slotsFreed === freedBefore)
              await sleep(delayMs - claimGap);
          }
        }
      } catch (error) {
        log("error", "Claiming due monitors failed", error);
        await sleep(idlePollMs);
      }
    }
  }

  /** While checks run, waits (at most `claimGroup.delayMs`) for several free slots: one claim fills them. */
  async function severalSlotsFree(): Promise<void> {
    const until = Date.now() + claimGroup.delayMs;
    while (running && slots.free < claimGroup.slots && inFlight.size > 0 && Date.now() < until)
      await sleep(until - Date.now());
  }

  /**
   * A check slower than its lease (a loaded machine, a slow rendered page) keeps it: without this, another
   * worker claims it again, and under load every check is redone and dropped in turn. A worker that dies
   * stops renewing, so its checks are redone after one lease.
   */
  async function renewLeases(): Promise<void> {
    const now = clock.now();
    const ids = [...checkStarts].filter(([, at]) => now.getTime() - at < deadlineMs).map(([id]) => id);
    await extendLeases(db, ids, owner, timing.leaseMs, now).catch((error) =>
      log("warn", "Renewing the leases of running checks failed", error),
    );
  }

  /**
   * How long until the next monitor this worker may claim is due (at most `idlePollMs`), and whether the
   * claim made at `claimedAt` left one that was due then, on any host (a host at its limit here is left out
   * of the first look-up, so it is looked at only then). One that came due since is not left: it waits for
   * the next claim with the others that come due.
   */
  async function idleDelay(claimedAt: Date): Promise<{ delayMs: number; dueLeft: boolean }> {
    const now = clock.now();
    const saturated = hosts.saturated();
    const skip = [...inFlight.keys()];
    const next = await nextDueAt(db, now, saturated, skip);
    const delayMs = next ? Math.min(idlePollMs, Math.max(0, next.getTime() - now.getTime())) : idlePollMs;
    const dueThen = (at: Date | null) => at !== null && at.getTime() <= claimedAt.getTime();
    if (dueThen(next)) return { delayMs, dueLeft: true };
    return { delayMs, dueLeft: saturated.length > 0 && dueThen(await nextDueAt(db, now, [], skip)) };
  }

  return {
    name: "check-worker",
    owner,
    async runOnce() {
      const { checks } = await claimRound();
      await Promise.all(checks);
      return checks.length;
    },
    start() {
      running = true;
      renewal = setInterval(() => void renewLeases(), timing.leaseMs / 2);
      renewal.unref();
      if (scheduling) loop = schedulerLoop();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      if (renewal) clearInterval(renewal);
      if (claimTimer) clearTimeout(claimTimer);
      const grace = new Promise<void>((resolve) =>
        setTimeout(resolve, options.stopGraceMs ?? 10_000).unref(),
      );
      await Promise.race([Promise.allSettled([...inFlight.values()]), grace]);
      // Whatever is still running is given back: another worker redoes it at once, not after the lease.
      await releaseLeases(db, [...inFlight.keys()], owner);
    },
    checkSoon(monitorId) {
      if (!running) return;
      // Its check is running: the page is checked again after it, as it is then. The request may come just
      // after that check's row is written (no "check now" mark left for the writer to see), so it is kept here.
      if (inFlight.has(monitorId)) {
        askWhileRunning(monitorId);
        return;
      }
      // With every slot busy or promised to checks asked for before, a scheduler takes the monitor when
      // it is due, as it takes any other.
      if (scheduling && slots.free <= soon.size) {
        wake?.();
        return;
      }
      if (!soon.has(monitorId)) soon.set(monitorId, clock.now());
      // After the caller's other requests of this turn (a bulk "check now"): one claim takes them all.
      queueMicrotask(startSoonChecks);
      wake?.();
    },
  };
}

async function loadPrevious(
  db: Database,
  monitor: MonitorRow,
  cache: SnapshotCache,
): Promise<PreviousVersion | null> {
  const stored = await loadStored(db, monitor, cache);
  return stored ? { snapshot: unpackSnapshot(stored.packed), screenshot: stored.screenshot } : null;
}

/** The stored version as the cache keeps it (compressed JSON), read into the cache when it is not there. */
async function loadStored(
  db: Database,
  monitor: MonitorRow,
  cache: SnapshotCache,
): Promise<{ packed: PackedSnapshot; screenshot: Uint8Array | null } | null> {
  const id = monitor.latestSnapshotId;
  if (!id) return null;
  const cached = cache.getPacked(id);
  if (cached) return cached;
  const row = await findSnapshotBlobs(db, id);
  if (!row) return null;
  // A copy: the row's bytes may be a view of the whole query result.
  const packed: PackedSnapshot = {
    json: row.content.data.slice(),
    encoding: blobEncoding(row.content.encoding),
  };
  const screenshot = row.screenshot ? await decodeBlob(row.screenshot.data, row.screenshot.encoding) : null;
  cache.set(id, packed, screenshot);
  return { packed, screenshot };
}
