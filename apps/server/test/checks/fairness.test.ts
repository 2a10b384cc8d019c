/**
 * Fair shares (issue 11): a host at its limit never holds a slot, so one user's slow host cannot delay
 * another user's due check. The slow host answers nothing until released; before the fix every slot
 * waited on its permit and the victim's check never started.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CheckWorker, createCheckWorker } from "../../src/checks/check-worker";
import { monitors } from "../../src/db/schema/monitors";
import { checkCount, insertPausedMonitors, testTiming } from "../monitors/support/checks";
import { productPage } from "../monitors/support/page-server";
import { databaseKind, eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let slow: Server;
let fast: Server;
const stalled = new Set<ServerResponse>();

async function listen(server: Server, host: string): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  t = await startTestApp();
  slow = createServer((_request, response) => {
    stalled.add(response);
  });
  fast = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(productPage());
  });
});
afterAll(async () => {
  for (const response of stalled) response.destroy();
  for (const server of [slow, fast]) {
    server.closeAllConnections();
    server.close();
  }
  await t.close();
});

describe(`fair shares on ${databaseKind}`, () => {
  let worker: CheckWorker;

  it("a victim's due check runs while another user's slow host has every permit busy", async () => {
    const slowOrigin = await listen(slow, "127.0.0.2");
    const fastOrigin = await listen(fast, "127.0.0.3");
    const db = t.database.handle.db;
    const bulk = await t.signUp("Business");
    const victim = await t.signUp("Business");
    const slowIds = await insertPausedMonitors(
      db,
      bulk.id,
      Array.from({ length: 20 }, (_, i) => `${slowOrigin}/page-${i}`),
    );
    const [victimId] = await insertPausedMonitors(db, victim.id, [`${fastOrigin}/victim`]);
    // The slow host's monitors are due first, the victim's a moment later.
    await db
      .update(monitors)
      .set({ paused: false, nextCheckAt: sql`now() - interval '1 minute'` })
      .where(inArray(monitors.id, slowIds));
    await db
      .update(monitors)
      .set({ paused: false, nextCheckAt: sql`now()` })
      .where(inArray(monitors.id, [victimId]));

    worker = createCheckWorker({
      db,
      fetch: { allowPrivateTargets: true, browserPool: null, totalTimeoutMs: 60_000 },
      timing: { ...testTiming, leaseMs: 120_000 },
      concurrency: 4,
      perHostConcurrency: 2,
      idlePollMs: 50,
      stopGraceMs: 100,
    });
    worker.start();
    try {
      await eventually(
        () => checkCount(db, victimId),
        (n) => n === 1,
      );
      // The slow host still holds its two permits and nothing else: no slow check has finished.
      expect(stalled.size).toBe(2);
      const slowChecks = await Promise.all(slowIds.map((id) => checkCount(db, id)));
      expect(slowChecks).toEqual(slowIds.map(() => 0));
    } finally {
      for (const response of stalled) response.destroy();
      await worker.stop();
    }
  });
});
