/**
 * Fair shares (issue 11): a host at its limit never holds a slot, so one user's slow host cannot delay
 * another user's due check. The slow host answers nothing until released; before the fix every slot
 * waited on its permit and the victim's check never started.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { inArray, type SQL, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type CheckWorker, createCheckWorker } from "../../src/checks/check-worker";
import { monitors } from "../../src/db/schema/monitors";
import { checkCount, insertPausedMonitors, testTiming } from "../monitors/support/checks";
import { productPage } from "../monitors/support/page-server";
import { databaseKind, eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
/** The requests each slow host holds. */
const held = new Map<Server, Set<ServerResponse>>();
/** Answers nothing until the test ends. */
function stallingServer(): Server {
  const stalled = new Set<ServerResponse>();
  const server = createServer((_request, response) => {
    stalled.add(response);
  });
  held.set(server, stalled);
  return server;
}
const heldBy = (server: Server) => held.get(server) ?? new Set<ServerResponse>();
const releaseAll = () => {
  for (const stalled of held.values()) for (const response of stalled) response.destroy();
};
const pageServer = () =>
  createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(productPage());
  });
const [slow, otherSlow] = [stallingServer(), stallingServer()];
const [fast, otherFast] = [pageServer(), pageServer()];

async function listen(server: Server, host: string): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  releaseAll();
  for (const server of [slow, otherSlow, fast, otherFast]) {
    server.closeAllConnections();
    server.close();
  }
  await t.close();
});

/**
 * One user's `slowCount` monitors on a slow host, overdue by a minute, and another user's victim monitor
 * due `victimDue` (SQL) from now. `finish` releases the slow host's requests and pauses them all.
 */
async function arrange(hosts: { slow: Server; fast: Server }, slowCount: number, victimDue: SQL) {
  const slowOrigin = await listen(hosts.slow, nextLoopback());
  const fastOrigin = await listen(hosts.fast, nextLoopback());
  const db = t.database.handle.db;
  const bulk = await t.signUp("Business");
  const victim = await t.signUp("Business");
  const slowIds = await insertPausedMonitors(
    db,
    bulk.id,
    Array.from({ length: slowCount }, (_, i) => `${slowOrigin}/page-${i}`),
  );
  const [victimId] = await insertPausedMonitors(db, victim.id, [`${fastOrigin}/victim`]);
  await db
    .update(monitors)
    .set({ paused: false, nextCheckAt: sql`now() - interval '1 minute'` })
    .where(inArray(monitors.id, slowIds));
  await db
    .update(monitors)
    .set({ paused: false, nextCheckAt: victimDue })
    .where(inArray(monitors.id, [victimId]));
  return { slowIds, victimId };
}

let loopback = 1;
const nextLoopback = () => `127.0.0.${++loopback}`;

const workerOptions = {
  fetch: { allowPrivateTargets: true, browserPool: null, totalTimeoutMs: 60_000 },
  timing: { ...testTiming, leaseMs: 120_000 },
  concurrency: 4,
  perHostConcurrency: 2,
  stopGraceMs: 100,
};

describe(`fair shares on ${databaseKind}`, () => {
  let worker: CheckWorker | null = null;
  let arranged: string[] = [];
  afterEach(async () => {
    releaseAll();
    await worker?.stop();
    worker = null;
    await t.database.handle.db
      .update(monitors)
      .set({ paused: true })
      .where(inArray(monitors.id, arranged.splice(0)));
  });

  it("a victim's due check runs while another user's slow host has every permit busy", async () => {
    const db = t.database.handle.db;
    // The slow host's monitors are due first, the victim's a moment later.
    const { slowIds, victimId } = await arrange({ slow, fast }, 20, sql`now()`);
    arranged = [...slowIds, victimId];
    worker = createCheckWorker({ db, ...workerOptions, idlePollMs: 50 });
    worker.start();
    await eventually(
      () => checkCount(db, victimId),
      (n) => n === 1,
    );
    // The slow host still holds its two permits and nothing else: no slow check has finished.
    expect(heldBy(slow).size).toBe(2);
    const slowChecks = await Promise.all(slowIds.map((id) => checkCount(db, id)));
    expect(slowChecks).toEqual(slowIds.map(() => 0));
  });

  it("sleeps until another user's monitor is due while a host at its limit has monitors overdue", async () => {
    // Before, the scheduler's sleep ended at the earliest due time of any monitor, the overdue ones of the
    // host at its limit included: a past time, so it polled every 20 ms and a victim's check waited for
    // the next poll. Now the sleep skips what the claim skips. Counted: the scheduler's queries meanwhile.
    const db = t.database.handle.db;
    const { slowIds, victimId } = await arrange(
      { slow: otherSlow, fast: otherFast },
      10,
      sql`now() + interval '1 hour'`,
    );
    arranged = [...slowIds, victimId];
    let queries = 0;
    const counted = new Proxy(db, {
      get(target, key, receiver) {
        if (key === "select") queries++;
        return Reflect.get(target, key, receiver);
      },
    });
    worker = createCheckWorker({ db: counted, ...workerOptions, idlePollMs: 5_000 });
    worker.start();
    await eventually(
      async () => heldBy(otherSlow).size,
      (n) => n === 2,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = queries;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // A poll every 20 ms would be about 50 rounds of queries in that second.
    expect(queries - before).toBeLessThanOrEqual(2);
  });
});
