/**
 * A check asked for by id (first check, "check now") on a worker without a scheduler (the `api` role) runs
 * even when its host is at its limit at that moment: it waits for the host's check in flight to end. Before
 * the fix it was given back for a scheduler that role does not have, and never ran.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckWorker } from "../../src/checks/check-worker";
import { monitors } from "../../src/db/schema/monitors";
import { checkCount, insertPausedMonitors, testTiming } from "../monitors/support/checks";
import { productPage } from "../monitors/support/page-server";
import { databaseKind, eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let site: Server;
/** The first request is held until the test answers it; later ones are answered at once. */
const held: ServerResponse[] = [];
let requests = 0;

beforeAll(async () => {
  t = await startTestApp();
  site = createServer((_request, response) => {
    requests += 1;
    if (requests === 1) held.push(response);
    else response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(productPage());
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.5", resolve));
});
afterAll(async () => {
  for (const response of held) response.destroy();
  site.closeAllConnections();
  site.close();
  await t.close();
});

describe(`checks asked for by id on ${databaseKind}`, () => {
  it("wait for their host's permit on a worker without a scheduler, then run", async () => {
    const origin = `http://127.0.0.5:${(site.address() as AddressInfo).port}`;
    const db = t.database.handle.db;
    const user = await t.signUp("Business");
    const [first, second] = await insertPausedMonitors(db, user.id, [`${origin}/a`, `${origin}/b`]);
    await db
      .update(monitors)
      .set({ paused: false, nextCheckAt: sql`now()` })
      .where(inArray(monitors.id, [first, second]));

    const worker = createCheckWorker({
      db,
      fetch: { allowPrivateTargets: true, browserPool: null, totalTimeoutMs: 60_000 },
      timing: testTiming,
      concurrency: 4,
      perHostConcurrency: 1,
      schedule: false,
      stopGraceMs: 100,
    });
    worker.start();
    try {
      worker.checkSoon(first);
      await eventually(
        async () => held.length,
        (n) => n === 1,
      );
      // The host's only permit is taken by the first check, still waiting on the page.
      worker.checkSoon(second);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await checkCount(db, second)).toBe(0);

      held[0]?.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(productPage());
      await eventually(
        () => checkCount(db, second),
        (n) => n === 1,
      );
      expect(await checkCount(db, first)).toBe(1);
    } finally {
      await worker.stop();
    }
  });
});
