import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CLAIM_GROUP_DELAY_MS, createCheckWorker } from "../../src/checks/check-worker";
import { monitors } from "../../src/db/schema/monitors";
import { users } from "../../src/db/schema/users";
import { useTestDatabase } from "../helpers/database";
import { insertPausedMonitors, testTiming } from "../monitors/support/checks";
import { productPage } from "../monitors/support/page-server";

const database = useTestDatabase();

/** Pages that answer after their own delay, and when each was asked for. */
const delays = new Map<string, number>();
const askedAt = new Map<string, number>();
let server: Server;
let origin = "";
beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? "/";
    if (!askedAt.has(path)) askedAt.set(path, Date.now());
    setTimeout(() => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end(productPage());
    }, delays.get(path) ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

it("while checks run, the scheduler waits for half its slots (at most 300 ms) before it claims again", async () => {
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({ email: "group@example.test", passwordHash: "x", firstName: "G", planType: "Business" })
    .returning();
  // Four slots: the first claim takes the four "running" pages, which end 100, 1,100, 2,100 and 3,100 ms
  // later, one at a time, far apart; "next" is due after them.
  const running = ["/a1", "/a2", "/a3", "/a4"];
  for (const [i, path] of running.entries()) delays.set(path, 100 + i * 1000);
  const [warmUp, ...ids] = await insertPausedMonitors(
    db,
    user.id,
    ["/warm-up", ...running, "/next"].map((path) => `${origin}${path}`),
  );
  const worker = createCheckWorker({
    db,
    fetch: { allowPrivateTargets: true, browserPool: null, totalTimeoutMs: 10_000 },
    timing: testTiming,
    concurrency: 4,
    perHostConcurrency: 4,
  });
  // One check first, so the engine's threads are up before the timed ones.
  await db
    .update(monitors)
    .set({ paused: false })
    .where(inArray(monitors.id, [warmUp]));
  expect(await worker.runOnce()).toBe(1);
  for (const [i, id] of ids.entries())
    await db
      .update(monitors)
      .set({ paused: false, nextCheckAt: sql`now() - make_interval(secs => ${60 - i})` })
      .where(inArray(monitors.id, [id]));
  worker.start();
  try {
    const deadline = Date.now() + 10_000;
    while (!askedAt.has("/next") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  } finally {
    await worker.stop();
  }
  const firstEnded = (askedAt.get("/a1") ?? 0) + 100;
  const nextStarted = askedAt.get("/next") ?? Number.POSITIVE_INFINITY;
  // One slot is free from the first page's end; the claim for it waits the whole delay for a second one
  // (the next page ends a second later), so it is made once, not as each slot frees. A slow machine only
  // makes the gap longer; the second page's end is the latest it may come.
  expect(nextStarted - firstEnded).toBeGreaterThanOrEqual(CLAIM_GROUP_DELAY_MS - 30);
  expect(CLAIM_GROUP_DELAY_MS).toBe(300);
  expect(nextStarted).toBeLessThan((askedAt.get("/a2") ?? 0) + 1100 + 500);
});
