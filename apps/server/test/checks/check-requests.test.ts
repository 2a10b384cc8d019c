import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  announcedCheckQueue,
  CHECK_REQUESTS_CHANNEL,
  checkRequestsListener,
} from "../../src/checks/check-requests";
import { type CheckWorker, createCheckWorker } from "../../src/checks/check-worker";
import { monitors } from "../../src/db/schema/monitors";
import { createLogger } from "../../src/logger";
import { apiChecks } from "../../src/roles/first-checks";
import type { BackgroundTask } from "../../src/tasks/background-task";
import { checkCount, insertPausedMonitors, testTiming } from "../monitors/support/checks";
import { type PageServer, productPage, startPageServer } from "../monitors/support/page-server";
import { databaseKind, eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

/** How API nodes on PostgreSQL hand "check now" and first checks to the worker nodes (DESIGN §2). */
let t: TestApp;
let pages: PageServer;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
});
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});
afterAll(async () => {
  await t.close();
  await pages.close();
});

async function started<T extends BackgroundTask>(task: T): Promise<T> {
  await task.start();
  stops.push(() => task.stop());
  return task;
}

/** The payloads on the channel, as a listener of the test's own hears them. */
async function heardPayloads(): Promise<string[]> {
  const heard: string[] = [];
  const unlisten = await t.database.handle.listen(CHECK_REQUESTS_CHANNEL, (payload) => heard.push(payload));
  stops.push(unlisten);
  return heard;
}

const noLog = () => {};

describe("check requests over NOTIFY", () => {
  it("a bulk request of one turn goes out in as few payloads as PostgreSQL's 8,000-byte limit allows, every id once", async () => {
    const heard = await heardPayloads();
    const queue = announcedCheckQueue(t.database.handle, noLog);
    const ids = Array.from({ length: 500 }, () => randomUUID());
    for (const id of ids) queue.checkSoon(id);
    queue.checkSoon(ids[0] as string);
    await eventually(
      async () => heard.flatMap((payload) => payload.split(",")).length,
      (n) => n === 500,
      10_000,
    );
    expect(heard.length).toBe(3);
    for (const payload of heard) expect(payload.length).toBeLessThan(8000);
    expect(new Set(heard.flatMap((payload) => payload.split(",")))).toEqual(new Set(ids));
  });

  it("a listener asks its queue for each monitor id and leaves out, with a warning, what is not one", async () => {
    const asked: string[] = [];
    const warnings: string[] = [];
    await started(
      checkRequestsListener(t.database.handle, { checkSoon: (id) => asked.push(id) }, (message) =>
        warnings.push(message),
      ),
    );
    const id = randomUUID();
    await t.database.handle.notify(
      CHECK_REQUESTS_CHANNEL,
      `x'; drop table monitors; --,${id.toUpperCase()},`,
    );
    await eventually(
      async () => asked.length,
      (n) => n === 1,
      10_000,
    );
    expect(asked).toEqual([id]);
    expect(warnings).toEqual(["Ignored check requests that are not monitor ids"]);
  });

  it("a scheduling worker checks an announced monitor at once, though it is not due for an hour and its poll is a minute", async () => {
    const owner = await t.signUp("Business");
    pages.set("/announced", { body: productPage({ text: "Announced" }) });
    const [id] = await insertPausedMonitors(t.database.handle.db, owner.id, [pages.url("/announced")]);
    const db = t.database.handle.db;
    await db
      .update(monitors)
      .set({ paused: false, nextCheckAt: sql`now() + interval '1 hour'` })
      .where(eq(monitors.id, id as string));
    const worker: CheckWorker = createCheckWorker({
      db,
      fetch: { allowPrivateTargets: true, browserPool: null, totalTimeoutMs: 20_000 },
      timing: testTiming,
      idlePollMs: 60_000,
      stopGraceMs: 100,
    });
    await started(worker);
    // Its first claim finds nothing due; it then sleeps for its poll.
    await started(checkRequestsListener(t.database.handle, worker, noLog));
    announcedCheckQueue(t.database.handle, noLog).checkSoon(id as string);
    await eventually(
      () => checkCount(db, id as string),
      (n) => n === 1,
      20_000,
    );
  });

  it("`changeradar api` on PostgreSQL checks no page: it announces the request; on the embedded database it checks it", async () => {
    const heard = await heardPayloads();
    const { checks, tasks } = apiChecks({
      config: t.config,
      database: t.database.handle,
      log: createLogger({ ...t.config, logLevel: "silent" }),
    });
    const id = randomUUID();
    if (databaseKind === "postgres") {
      expect(tasks.map((task) => task.name)).toEqual(["check-worker-watch"]);
      checks.checkSoon(id);
      await eventually(
        async () => heard,
        (payloads) => payloads.length === 1,
        10_000,
      );
      expect(heard).toEqual([id]);
    } else {
      expect(tasks.map((task) => task.name)).toEqual(["check-worker"]);
      expect(tasks[0]).toBe(checks);
    }
  });
});
