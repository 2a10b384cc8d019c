import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChannel } from "../../src/alerts/channels.service";
import { enqueueChangeAlerts } from "../../src/alerts/outbox";
import { systemClock } from "../../src/clock";
import { deliveries } from "../../src/db/schema/alerts";
import { postgresPass } from "../helpers/database";
import { startReceiver } from "../helpers/receiver";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { changeInput, createChange, createMonitor, createUser } from "./support/fixtures";
import { createPostgresTestDatabase } from "./support/postgres";
import { alertServices } from "./support/services";

const LEASE_MS = 1_500;
const childScript = fileURLToPath(new URL("./support/dispatcher-process.ts", import.meta.url));

/**
 * DESIGN §2 "nothing is lost on a crash", on PostgreSQL: the only engine two processes can share, so it runs in
 * the PostgreSQL pass only (the embedded pass would repeat it there unchanged).
 */
describe.runIf(postgresPass)("a dispatcher killed with SIGKILL mid-delivery", () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let smtp: TestSmtpServer;
  let services: ReturnType<typeof alertServices>;
  let childDataDir: string;

  beforeAll(async () => {
    childDataDir = mkdtempSync(join(tmpdir(), "changeradar-crash-"));
    database = await createPostgresTestDatabase();
    smtp = await startSmtpServer();
    services = alertServices(
      { handle: database.handle, location: { databaseUrl: database.url, dataDir: "unused" } },
      smtp.url,
      systemClock,
    );
  });
  afterAll(async () => {
    await services?.close();
    await smtp?.close();
    await database?.destroy();
    if (childDataDir) rmSync(childDataDir, { recursive: true, force: true });
  });

  it("is retried by another dispatcher after the lease, with the same webhook-id", async () => {
    // The first attempt never gets an answer: the dispatcher is killed while it waits.
    const receiver = await startReceiver(({ index }) => (index === 0 ? "hang" : 200));
    const db = database.handle.db;
    const child = spawn(process.execPath, ["--import", "tsx", childScript], {
      env: {
        ...process.env,
        CRASH_DATABASE_URL: database.url,
        CRASH_DATA_DIR: childDataDir,
        LEASE_MS: String(LEASE_MS),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      await Promise.race([
        once(child.stdout, "data"),
        once(child, "exit").then(([code]) => {
          throw new Error(`the dispatcher process exited early (${code})`);
        }),
      ]);
      const user = await createUser(db, { plan: "Business" });
      const channel = await createChannel(services.as(user.auth), {
        type: "webhook",
        name: "Crash",
        config: { url: receiver.url },
      });
      const monitor = await createMonitor(db, user.id, [channel.id]);
      const change = await createChange(db, monitor.id);
      const { notificationId } = await db.transaction((tx) =>
        enqueueChangeAlerts(tx, { userId: user.id, monitor, change: changeInput(change) }),
      );

      await expect.poll(() => receiver.requests.length, { timeout: 15_000 }).toBe(1);
      child.kill("SIGKILL");
      await once(child, "exit");
      const [orphan] = await db
        .select()
        .from(deliveries)
        .where(eq(deliveries.notificationId, notificationId));
      expect(orphan).toMatchObject({ status: "sending", attempts: 1 });

      const survivor = services.dispatcher({ leaseMs: LEASE_MS, pollMs: 100 });
      await survivor.start();
      await expect
        .poll(
          async () => (await db.select().from(deliveries).where(eq(deliveries.id, orphan!.id)))[0]?.status,
          { timeout: 15_000 },
        )
        .toBe("delivered");
      const ids = receiver.requests.map((r) => r.headers["webhook-id"]);
      expect(ids).toEqual([orphan!.id, orphan!.id]);
      const [done] = await db.select().from(deliveries).where(eq(deliveries.id, orphan!.id));
      expect(done?.attempts).toBe(2);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      await receiver.close();
    }
  });
});
