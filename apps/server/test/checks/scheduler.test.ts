import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type CheckWorker, type CheckWorkerOptions, createCheckWorker } from "../../src/checks/check-worker";
import {
  claimDueMonitors,
  claimMonitor,
  claimMonitors,
  unlimitedHosts,
} from "../../src/checks/claims.repository";
import { checks } from "../../src/db/schema/checks";
import { monitors } from "../../src/db/schema/monitors";
import { rowsOf } from "../../src/monitors/monitors.repository";
import {
  changeCount,
  checkCount,
  insertPausedMonitors,
  notificationTypes,
  testTiming,
} from "../monitors/support/checks";
import { type PageServer, productPage, startPageServer } from "../monitors/support/page-server";
import { databaseKind, eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let pages: PageServer;
const workers: CheckWorker[] = [];

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  await t.close();
  await pages.close();
});

function worker(options: Partial<CheckWorkerOptions> = {}): CheckWorker {
  const w = createCheckWorker({
    db: t.database.handle.db,
    fetch: { allowPrivateTargets: true, browserPool: null, totalTimeoutMs: 20_000 },
    timing: testTiming,
    idlePollMs: 100,
    stopGraceMs: 100,
    ...options,
  });
  w.start();
  workers.push(w);
  return w;
}

const insertMonitors = (userId: string, paths: string[]) =>
  insertPausedMonitors(
    t.database.handle.db,
    userId,
    paths.map((path) => pages.url(path)),
  );

const makeDue = (ids: string[]) =>
  t.database.handle.db
    .update(monitors)
    .set({ paused: false, nextCheckAt: sql`now()` })
    .where(inArray(monitors.id, ids));

/**
 * Monitors on pages of their own (answering after `delayMs`), and a worker with a slot for each that
 * records when each check started, in order; `allStarted` waits for every one.
 */
async function timedChecks(name: string, count: number, options: { delayMs?: number; perHost: number }) {
  const owner = await t.signUp("Business");
  const paths = Array.from({ length: count }, (_, i) => `/${name}-${i}`);
  for (const path of paths) pages.set(path, { body: productPage({ text: path }), delayMs: options.delayMs });
  const ids = await insertMonitors(owner.id, paths);
  const starts: number[] = [];
  worker({
    concurrency: count,
    perHostConcurrency: options.perHost,
    idlePollMs: 1000,
    onChecked: ({ startedAt }) => starts.push(startedAt.getTime()),
  });
  const allStarted = async () => {
    await eventually(
      async () => starts.length,
      (n) => n === count,
    );
    return [...starts].sort((a, b) => a - b);
  };
  return { ids, allStarted };
}

describe(`scheduler on ${databaseKind}`, () => {
  it("claims due monitors in due order, each once, and leaves leased ones alone", async () => {
    const owner = await t.signUp("Business");
    const ids = await insertMonitors(owner.id, ["/c1", "/c2", "/c3"]);
    const db = t.database.handle.db;
    await db
      .update(monitors)
      .set({ paused: false, nextCheckAt: sql`now() - interval '1 minute'` })
      .where(eq(monitors.id, ids[2]));
    await db
      .update(monitors)
      .set({ paused: false, nextCheckAt: sql`now() - interval '30 seconds'` })
      .where(eq(monitors.id, ids[0]));
    const first = await claimDueMonitors(db, "worker-a", 2, 60_000);
    expect(first.map((m) => m.id)).toEqual([ids[2], ids[0]]);
    expect(await claimDueMonitors(db, "worker-b", 10, 60_000)).toEqual([]);
    await db
      .update(monitors)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(monitors.id, ids[2]));
    expect((await claimDueMonitors(db, "worker-b", 10, 60_000)).map((m) => [m.id, m.leaseOwner])).toEqual([
      [ids[2], "worker-b"],
    ]);
    await db.update(monitors).set({ paused: true }).where(inArray(monitors.id, ids));
  });

  it("claims no more of a host's monitors than its free permits, and fills the claim from other hosts", async () => {
    const owner = await t.signUp("Business");
    const ids = await insertMonitors(owner.id, ["/h1", "/h2", "/h3", "/h4", "/h5", "/h6", "/h7"]);
    const db = t.database.handle.db;
    // Due in this order: four on a host with one of its two permits in use, then two on a free host, then
    // one on a host at its limit.
    const hostOf = [...Array(4).fill("busy.test"), "free.test", "free.test", "full.test"];
    for (const [i, id] of ids.entries())
      await db
        .update(monitors)
        .set({ paused: false, host: hostOf[i], nextCheckAt: sql`now() - make_interval(secs => ${60 - i})` })
        .where(eq(monitors.id, id));
    const permits = {
      perHost: 2,
      inUse: new Map([
        ["busy.test", 1],
        ["full.test", 2],
      ]),
    };
    const claimed = await claimDueMonitors(db, "worker-a", 4, 60_000, permits);
    expect(claimed.map((m) => m.id)).toEqual([ids[0], ids[4], ids[5]]);
    // What it left is due and unleased for the next claim.
    const next = await claimDueMonitors(db, "worker-b", 10, 60_000);
    expect(next.map((m) => m.id)).toEqual([ids[1], ids[2], ids[3], ids[6]]);
    await db.update(monitors).set({ paused: true }).where(inArray(monitors.id, ids));
  });

  it("locks only the monitors it claims, not the candidates it chose them from", async () => {
    // A row locked FOR UPDATE keeps its locker in xmax (the log has a record of it): a claim that locked all
    // its candidates (four per slot) wrote about 230 B of lock records per unchanged check on PostgreSQL.
    const owner = await t.signUp("Business");
    const ids = await insertMonitors(owner.id, ["/l1", "/l2", "/l3", "/l4", "/l5", "/l6", "/l7", "/l8"]);
    const db = t.database.handle.db;
    await db
      .update(monitors)
      .set({ paused: false, host: "one.test", nextCheckAt: sql`now() - interval '1 minute'` })
      .where(inArray(monitors.id, ids));
    const claimed = await claimDueMonitors(db, "worker-a", 4, 60_000, { perHost: 2, inUse: new Map() });
    expect(claimed).toHaveLength(2);
    const left = ids.filter((id) => !claimed.some((m) => m.id === id));
    const marks = await db.execute(
      sql`select ${monitors.id} as id, xmax::text as xmax from ${monitors} where ${inArray(monitors.id, left)}`,
    );
    const locked = rowsOf<{ id: string; xmax: string }>(marks).filter((row) => row.xmax !== "0");
    expect(locked).toEqual([]);
    await db.update(monitors).set({ paused: true }).where(inArray(monitors.id, ids));
  });

  it("leaves out the monitors still in flight in the claiming worker, even when their lease is free", async () => {
    // A check's write releases its lease before the worker sees the answer: a claim in between would take a
    // lease no check runs under, and the monitor would wait for it to expire.
    const owner = await t.signUp("Business");
    const ids = await insertMonitors(owner.id, ["/in-flight", "/free"]);
    const db = t.database.handle.db;
    await db
      .update(monitors)
      .set({ paused: false, nextCheckAt: sql`now() - interval '1 minute'` })
      .where(inArray(monitors.id, ids));
    const claimed = await claimDueMonitors(db, "worker-a", 10, 60_000, unlimitedHosts, new Date(), [ids[0]]);
    expect(claimed.map((m) => m.id)).toEqual([ids[1]]);
    expect((await claimDueMonitors(db, "worker-b", 10, 60_000)).map((m) => m.id)).toEqual([ids[0]]);
    await db.update(monitors).set({ paused: true }).where(inArray(monitors.id, ids));
  });

  it("takes a monitor made due by the database's clock within the worker's millisecond", async () => {
    // The database's clock has microseconds, a worker's clock milliseconds: a worker reading 12:00:00.000
    // may be anywhere in that millisecond, so a monitor due at 12:00:00.000500 is due to it.
    const owner = await t.signUp("Business");
    const [id] = await insertMonitors(owner.id, ["/within-a-millisecond"]);
    const db = t.database.handle.db;
    const workerNow = new Date("2026-01-01T12:00:00.000Z");
    await db
      .update(monitors)
      .set({ paused: false, nextCheckAt: sql`'2026-01-01T12:00:00.000500Z'::timestamptz` })
      .where(eq(monitors.id, id));
    const claimed = await claimDueMonitors(db, "worker-a", 1, 60_000, unlimitedHosts, workerNow);
    expect(claimed.map((m) => m.id)).toEqual([id]);
    await db.update(monitors).set({ paused: true }).where(eq(monitors.id, id));
  });

  it("claims several asked-for monitors in one statement, leaving out a leased, a paused and an answered one", async () => {
    const owner = await t.signUp("Business");
    const ids = await insertMonitors(owner.id, ["/a1", "/a2", "/a3", "/a4", "/a5"]);
    const db = t.database.handle.db;
    await db
      .update(monitors)
      .set({ paused: false })
      .where(inArray(monitors.id, ids.slice(0, 4)));
    const askedAt = new Date(Date.now() - 1000);
    expect(await claimMonitor(db, ids[1], "worker-b", 60_000)).not.toBeNull();
    // A scheduler checked the fourth since it was asked for: the request is answered.
    await db
      .insert(checks)
      .values({ monitorId: ids[3], startedAt: new Date(), durationMs: 1, status: "unchanged" });
    const claimed = await claimMonitors(
      db,
      ids.map((id) => ({ id, askedAt })),
      "worker-a",
      60_000,
    );
    expect(claimed.map((m) => [m.id, m.leaseOwner]).sort()).toEqual(
      [
        [ids[0], "worker-a"],
        [ids[2], "worker-a"],
      ].sort(),
    );
    await db.update(monitors).set({ paused: true }).where(inArray(monitors.id, ids));
  });

  it("two workers never check one monitor twice at once, and keep to the per-host limit", async () => {
    const owner = await t.signUp("Business");
    const paths = Array.from({ length: 8 }, (_, i) => `/slow-${i}`);
    for (const path of paths) pages.set(path, { body: productPage({ text: path }), delayMs: 150 });
    const ids = await insertMonitors(owner.id, paths);
    worker({ concurrency: 4, perHostConcurrency: 3 });
    worker({ concurrency: 4, perHostConcurrency: 3 });
    for (let round = 1; round <= 3; round++) {
      await makeDue(ids);
      const db = t.database.handle.db;
      await eventually(
        async () => Promise.all(ids.map((id) => checkCount(db, id))),
        (counts) => counts.every((n) => n === round),
      );
    }
    for (const path of paths) expect(pages.maxConcurrent(path)).toBe(1);
    // Two workers × 3 per host.
    expect(pages.maxConcurrent()).toBeLessThanOrEqual(6);
  });

  it("claims monitors that come due one by one together, not one claim each", async () => {
    // 20 monitors due 25 ms apart: a claim as each came due or each check ended took one at a time (about a
    // claim per check); with the claim gap (100 ms) a claim takes the four or five due since the last.
    const { ids, allStarted } = await timedChecks("steady", 20, { perHost: 20 });
    const db = t.database.handle.db;
    for (const [i, id] of ids.entries())
      await db
        .update(monitors)
        .set({ paused: false, nextCheckAt: sql`now() + make_interval(secs => ${0.5 + i * 0.025})` })
        .where(eq(monitors.id, id));
    const sorted = await allStarted();
    // Checks of one claim start within a few milliseconds of each other; two claims are at least a gap apart
    // (before the gap: 14-15 groups here, 25-50 ms apart).
    const groups = 1 + sorted.filter((at, i) => i > 0 && at - (sorted[i - 1] as number) > 30).length;
    expect(groups).toBeLessThanOrEqual(8);
  });

  it("claims a due monitor waiting for its host's permit as soon as a check of that host ends", async () => {
    // The claim gap is for a schedule with nothing due left; here each check's end frees the permit a due
    // monitor waits for (a gap there added 100 ms or more to each hand-over).
    const { ids, allStarted } = await timedChecks("one-host", 6, { delayMs: 50, perHost: 1 });
    await makeDue(ids);
    const sorted = await allStarted();
    const handOvers = sorted.slice(1).map((at, i) => at - (sorted[i] as number) - 50);
    handOvers.sort((a, b) => a - b);
    expect(handOvers[Math.floor(handOvers.length / 2)]).toBeLessThan(80);
  });

  it("a check slower than its lease keeps it: another worker does not fetch the page again", async () => {
    const owner = await t.signUp("Business");
    pages.set("/slow-lease", { body: productPage({ text: "Slow" }), delayMs: 2500 });
    const [id] = await insertMonitors(owner.id, ["/slow-lease"]);
    const short = { ...testTiming, leaseMs: 1000 };
    worker({ timing: short });
    worker({ timing: short });
    await makeDue([id]);
    const db = t.database.handle.db;
    await eventually(
      () => checkCount(db, id),
      (n) => n === 1,
    );
    // Two lease lengths after the check ended: a second worker's fetch would have been counted by now.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(pages.hits("/slow-lease")).toBe(1);
    expect(await checkCount(db, id)).toBe(1);
    await db.update(monitors).set({ paused: true }).where(eq(monitors.id, id));
  });

  it("a check whose worker stalls is redone by another worker after the lease, and the stale result is dropped", async () => {
    const owner = await t.signUp("Business");
    pages.set("/stall", productPage({ text: "Before" }));
    const [id] = await insertMonitors(owner.id, ["/stall"]);
    const db = t.database.handle.db;
    const short = { ...testTiming, leaseMs: 1000 };
    // Its check may keep the lease for 1 s: past that deadline another worker takes the check over.
    const stalled = worker({
      schedule: false,
      timing: short,
      checkDeadlineMs: 1000,
      fetch: { allowPrivateTargets: true, browserPool: null, totalTimeoutMs: 60_000 },
    });
    await makeDue([id]);
    stalled.checkSoon(id);
    await eventually(
      () => checkCount(db, id),
      (n) => n === 1,
    );

    // The page changes but hangs: the worker that claims it stalls as a dead process would.
    pages.set("/stall", { stall: true });
    await makeDue([id]);
    stalled.checkSoon(id);
    // One fetch for the baseline, the second one hangs.
    await eventually(
      async () => pages.hits("/stall"),
      (n) => n === 2,
    );

    pages.set("/stall", productPage({ text: "After" }));
    worker({ timing: short });
    await eventually(
      () => changeCount(db, id),
      (n) => n === 1,
    );
    expect(await notificationTypes(db, id)).toEqual(["change"]);

    // The stalled check finally ends; its lease is gone, so it writes nothing.
    pages.releaseStalled();
    await stalled.stop();
    workers.splice(workers.indexOf(stalled), 1);
    const statuses = (
      await t.app.inject({ method: "GET", url: `/api/v1/monitors/${id}/checks`, headers: owner.auth })
    ).json();
    expect(statuses.items.map((c: { status: string }) => c.status)).toEqual(["changed", "unchanged"]);
    expect(await changeCount(db, id)).toBe(1);
  });

  it("stop() gives the leases of checks still running back at once", async () => {
    const owner = await t.signUp("Business");
    pages.set("/hang", { stall: true });
    const [id] = await insertMonitors(owner.id, ["/hang"]);
    const w = worker({ timing: { ...testTiming, leaseMs: 600_000 } });
    await makeDue([id]);
    const db = t.database.handle.db;
    await eventually(
      async () => (await db.select().from(monitors).where(eq(monitors.id, id)))[0].leaseOwner,
      (o) => o === w.owner,
    );
    await w.stop();
    workers.splice(workers.indexOf(w), 1);
    const [row] = await db.select().from(monitors).where(eq(monitors.id, id));
    expect(row.leaseOwner).toBeNull();
    expect(row.leaseUntil).toBeNull();
    await db.update(monitors).set({ paused: true }).where(eq(monitors.id, id));
  });
});
