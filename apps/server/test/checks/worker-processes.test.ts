import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcedCheckQueue } from "../../src/checks/check-requests";
import { checkWorkerConnected } from "../../src/db/connection-names";
import { checks } from "../../src/db/schema/checks";
import { monitors } from "../../src/db/schema/monitors";
import { users } from "../../src/db/schema/users";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { changeCount, checkCount, insertPausedMonitors, notificationTypes } from "../monitors/support/checks";
import { type PageServer, productPage, startPageServer } from "../monitors/support/page-server";
import { eventually } from "../monitors/support/test-app";

/**
 * Real `changeradar worker` processes against one PostgreSQL database. PGlite is one connection in one
 * process, so these run in the PostgreSQL pass of the suite only (DATABASE_URL set).
 */
const bin = resolve(import.meta.dirname, "../../bin/changeradar.js");
let database: TestDatabase;
let pages: PageServer;
let dataDir: string;
const children: ChildProcess[] = [];

function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [bin, "worker"], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: database.location.databaseUrl as string,
      DATA_DIR: dataDir,
      JWT_SECRET: "worker-processes-test-secret-worker-processes",
      ALLOW_PRIVATE_TARGETS: "true",
      CHECK_LEASE_SECONDS: "2",
      CHECK_CONCURRENCY: "4",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolveStarted, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("worker started")) resolveStarted(child);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("exit", (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
}

async function stopWorker(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  await exited;
}

describe.runIf(process.env.DATABASE_URL)("worker processes on PostgreSQL", () => {
  beforeAll(async () => {
    [database, pages] = await Promise.all([createTestDatabase(), startPageServer()]);
    dataDir = mkdtempSync(join(tmpdir(), "cr-workers-"));
  });
  afterAll(async () => {
    await Promise.all(children.map((c) => stopWorker(c, "SIGKILL")));
    await database.destroy();
    await pages.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function insertUserAndMonitors(paths: string[]) {
    const db = database.handle.db;
    const [user] = await db
      .insert(users)
      .values({
        email: `w-${Date.now()}-${paths.length}@example.test`,
        passwordHash: "x",
        firstName: "W",
        planType: "Business",
        emailVerifiedAt: new Date(),
      })
      .returning();
    return insertPausedMonitors(
      db,
      user.id,
      paths.map((path) => pages.url(path)),
    );
  }

  // Two child processes start (tsx) and check 12 pages three times: 24–28 s under load, near the 30 s default.
  it("two worker processes never run one monitor twice at once", async () => {
    const paths = Array.from({ length: 12 }, (_, i) => `/multi-${i}`);
    for (const path of paths) pages.set(path, { body: productPage({ text: path }), delayMs: 200 });
    const ids = await insertUserAndMonitors(paths);
    const workers = await Promise.all([startWorker(), startWorker()]);
    const db = database.handle.db;
    for (let round = 1; round <= 3; round++) {
      await db
        .update(monitors)
        .set({ paused: false, nextCheckAt: sql`now()` })
        .where(inArray(monitors.id, ids));
      await eventually(
        async () => Promise.all(ids.map((id: string) => checkCount(db, id))),
        (counts: number[]) => counts.every((n) => n === round),
        30_000,
      );
    }
    for (const path of paths) expect(pages.maxConcurrent(path)).toBe(1);
    // Rows of one monitor never overlap in time.
    for (const id of ids) {
      const rows = await db.select().from(checks).where(eq(checks.monitorId, id)).orderBy(checks.startedAt);
      for (let i = 1; i < rows.length; i++) {
        expect(rows[i].startedAt.getTime()).toBeGreaterThanOrEqual(
          rows[i - 1].startedAt.getTime() + rows[i - 1].durationMs,
        );
      }
    }
    await db.update(monitors).set({ paused: true }).where(inArray(monitors.id, ids));
    await Promise.all(workers.map((w) => stopWorker(w, "SIGTERM")));
    expect(workers.map((w) => w.exitCode)).toEqual([0, 0]);
  }, 90_000);

  it("a worker killed with SIGKILL mid-check: the check is redone after the lease and the alert is not lost", async () => {
    pages.set("/killed", productPage({ text: "Before the kill" }));
    const [id] = await insertUserAndMonitors(["/killed"]);
    const db = database.handle.db;
    const first = await startWorker();
    await db.update(monitors).set({ paused: false, nextCheckAt: sql`now()` }).where(eq(monitors.id, id));
    await eventually(
      () => checkCount(db, id),
      (n) => n === 1,
      30_000,
    );

    pages.set("/killed", { stall: true });
    await db.update(monitors).set({ nextCheckAt: sql`now()` }).where(eq(monitors.id, id));
    // The baseline takes one fetch; the second is the stalled check.
    await eventually(
      async () => pages.hits("/killed"),
      (n) => n === 2,
      30_000,
    );
    await stopWorker(first, "SIGKILL");
    const [leased] = await db.select().from(monitors).where(eq(monitors.id, id));
    expect(leased.leaseOwner).not.toBeNull();

    pages.releaseStalled();
    pages.set("/killed", productPage({ text: "After the kill" }));
    const second = await startWorker();
    await eventually(
      () => changeCount(db, id),
      (n) => n === 1,
      30_000,
    );
    expect(await notificationTypes(db, id)).toEqual(["change"]);
    await stopWorker(second, "SIGTERM");
  });
  it("a worker process checks a monitor an API node announces at once, though it is not due for an hour", async () => {
    pages.set("/announced", productPage({ text: "Announced" }));
    const [id] = await insertUserAndMonitors(["/announced"]);
    const db = database.handle.db;
    await db
      .update(monitors)
      .set({ paused: false, nextCheckAt: sql`now() + interval '1 hour'` })
      .where(eq(monitors.id, id));
    const worker = await startWorker();
    // Its connections carry its role's name, so an API node's watch and /metrics see it (db/connection-names.ts).
    expect(await checkWorkerConnected(db)).toBe(true);
    // As `changeradar api` announces "check now" (checks/check-requests.ts).
    announcedCheckQueue(database.handle, () => {}).checkSoon(id);
    await eventually(
      () => checkCount(db, id),
      (n) => n === 1,
      30_000,
    );
    await db.update(monitors).set({ paused: true }).where(eq(monitors.id, id));
    await stopWorker(worker, "SIGTERM");
    expect(worker.exitCode).toBe(0);
    await eventually(
      () => checkWorkerConnected(db),
      (connected) => !connected,
      10_000,
    );
  }, 60_000);
});
