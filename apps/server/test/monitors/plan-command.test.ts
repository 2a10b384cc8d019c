import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "../../src/db/database";
import { migrate } from "../../src/db/migrate";
import { monitors } from "../../src/db/schema/monitors";
import { users } from "../../src/db/schema/users";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { runCli as runCommand } from "../helpers/processes";

const runCli = (args: string[], env: Record<string, string>) =>
  runCommand(args, {
    JWT_SECRET: "plan-command-test-secret-plan-command-test",
    LOG_LEVEL: "silent",
    ...env,
  });

/** `changeradar plan` against the suite's database (PGlite data dir, or PostgreSQL with DATABASE_URL). */
describe("changeradar plan <email> <plan>", () => {
  let database: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = database.location.databaseUrl
      ? { DATABASE_URL: database.location.databaseUrl, DATA_DIR: database.location.dataDir }
      : { DATA_DIR: database.location.dataDir };
  });
  afterAll(async () => {
    if (database.location.databaseUrl) return database.destroy();
    // The handle was reopened after each command (see below): close that one.
    await database.handle.close();
    rmSync(database.location.dataDir, { recursive: true, force: true });
  });

  /** The embedded database is one process's: the test's handle is closed while the command runs. */
  async function withDatabaseReleased<T>(run: () => Promise<T>): Promise<T> {
    if (database.location.databaseUrl) return run();
    await database.handle.close();
    try {
      return await run();
    } finally {
      const reopened: DatabaseHandle = await createDatabase(database.location);
      await migrate(reopened);
      Object.assign(database, { handle: reopened });
    }
  }

  it("sets the plan (active) and pauses the newest monitors beyond a lower plan's count", async () => {
    const db = database.handle.db;
    const [user] = await db
      .insert(users)
      .values({
        email: "downgrade@example.test",
        passwordHash: "x",
        firstName: "D",
        planType: "Pro",
        planStatus: "past_due",
      })
      .returning();
    for (let i = 0; i < 3; i++) {
      await db.insert(monitors).values({
        userId: user.id,
        url: `https://example.com/${i}`,
        host: "example.com",
        name: `M${i}`,
        frequency: i === 2 ? "1h" : "1d",
        watch: ["text"],
        createdAt: new Date(Date.now() - (3 - i) * 60_000),
      });
    }
    const result = await withDatabaseReleased(() => runCli(["plan", "Downgrade@Example.test", "Free"], env));
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out).toContain("downgrade@example.test is now on the Free plan (active).");
    const [after] = await database.handle.db.select().from(users).where(eq(users.id, user.id));
    expect([after.planType, after.planStatus]).toEqual(["Free", "active"]);
    const rows = await database.handle.db
      .select()
      .from(monitors)
      .where(eq(monitors.userId, user.id))
      .orderBy(monitors.name);
    expect(rows.map((m) => [m.name, m.paused, m.frequency])).toEqual([
      ["M0", false, "1d"],
      ["M1", true, "1d"],
      ["M2", true, "1d"],
    ]);
  });

  it("refuses unknown plans and accounts with a clear message", async () => {
    const badPlan = await runCli(["plan", "a@example.test", "Gold"], env);
    expect([badPlan.code, badPlan.err]).toEqual([
      2,
      'Unknown plan "Gold". Choose one of: Free, Personal, Pro, Business.\n',
    ]);
    const nobody = await withDatabaseReleased(() => runCli(["plan", "nobody@example.test", "Pro"], env));
    expect([nobody.code, nobody.err]).toEqual([1, "No account with the email nobody@example.test.\n"]);
  });

  it.runIf(!process.env.DATABASE_URL)(
    "refuses, clearly, while a process without a control channel holds the embedded database",
    async () => {
      const held = await runCli(["plan", "downgrade@example.test", "Pro"], env);
      expect(held.code).toBe(1);
      expect(held.err).toContain(`is in use by ChangeRadar process ${process.pid}, which did not answer`);
    },
  );
});
