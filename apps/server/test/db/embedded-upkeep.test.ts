/**
 * The embedded database has no autovacuum: the upkeep task vacuums and analyses it. Without it, the space of
 * the rows retention deletes was never reused, so the history's table grew with every check for the life of
 * the data directory, and the planner had no statistics.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { checks } from "../../src/db/schema/checks";
import { users } from "../../src/db/schema/users";
import { createLogger } from "../../src/logger";
import { createMailer } from "../../src/mail/mailer";
import { backgroundTasks } from "../../src/roles/background-tasks";
import { embeddedUpkeepTask, vacuumEmbedded } from "../../src/tasks/embedded-upkeep";
import { postgresPass, useTestDatabase } from "../helpers/database";
import { insertPausedMonitors } from "../monitors/support/checks";
import { eventually } from "../monitors/support/test-app";

const database = useTestDatabase();

const tableBytes = async (table: string) => {
  const { rows } = await database.db.execute<{ bytes: number }>(
    sql`select pg_total_relation_size(${table}::regclass)::float8 as bytes`,
  );
  return Number(rows[0].bytes);
};
const checksBytes = () => tableBytes("checks");

const insertUser = async (name: string) => {
  const [user] = await database.db
    .insert(users)
    .values({ email: `${name}@upkeep.example.test`, passwordHash: "x", firstName: "U", planType: "Business" })
    .returning({ id: users.id });
  return user.id;
};

describe.skipIf(postgresPass)("the embedded database's upkeep", () => {
  it("keeps the history at its size while retention deletes what checks add", async () => {
    const userId = await insertUser("history");
    const [monitorId] = await insertPausedMonitors(database.db, userId, ["https://history.example.test/"]);
    const addChecks = (count: number, from: number) =>
      database.db.insert(checks).values(
        Array.from({ length: count }, (_, i) => ({
          monitorId,
          startedAt: new Date(Date.UTC(2026, 0, 1) + (from + i) * 60_000),
          durationMs: 120,
          status: "unchanged" as const,
        })),
      );
    const retain = async (round: number) => {
      await database.db.execute(sql`delete from ${checks} where ${checks.id} in
        (select id from ${checks} order by ${checks.startedAt} limit 1000)`);
      await addChecks(1000, 5000 + round * 1000);
    };
    await addChecks(5000, 0);
    const fresh = await checksBytes();
    for (let round = 1; round <= 6; round++) {
      await vacuumEmbedded(database.db);
      await retain(round);
    }
    const kept = await checksBytes();
    for (let round = 7; round <= 12; round++) await retain(round);
    const unkept = await checksBytes();
    // With upkeep the space retention frees is reused; without, every round's checks go to new pages.
    expect(kept).toBeLessThan(fresh * 1.5);
    expect(unkept - kept).toBeGreaterThan(fresh * 0.8);
  });

  it("analyses a small sample, so that no check waits seconds behind it", async () => {
    // PGlite runs one statement at a time: ANALYZE's sample (300 rows per unit of the statistics target) is
    // how long every check waits. A target of 10 keeps histograms to 10 buckets, whatever the table's size.
    const userId = await insertUser("sample");
    await insertPausedMonitors(
      database.db,
      userId,
      Array.from({ length: 300 }, (_, i) => `https://sample.example.test/page-${i}`),
    );
    await vacuumEmbedded(database.db);
    const { rows } = await database.db.execute<{ buckets: number }>(sql`
      select array_length(histogram_bounds, 1) - 1 as buckets from pg_stats
      where schemaname = 'public' and tablename = 'monitors' and attname = 'url'`);
    expect(Number(rows[0]?.buckets)).toBe(10);
  });

  it("vacuums and analyses every table one interval after it starts, not at start", async () => {
    const since = new Date();
    const task = embeddedUpkeepTask(database.db, () => {}, 500);
    const vacuumedSince = async () => {
      const { rows } = await database.db.execute<{ name: string; done: boolean }>(sql`
        select relname as name, coalesce(last_vacuum >= ${since.toISOString()}::timestamptz
          and last_analyze >= ${since.toISOString()}::timestamptz, false) as done
        from pg_stat_user_tables where schemaname = 'public'`);
      return { done: rows.filter((row) => row.done).length, of: rows.length };
    };
    await task.start();
    try {
      expect((await vacuumedSince()).done).toBe(0);
      await eventually(vacuumedSince, ({ done, of }) => of > 0 && done === of);
    } finally {
      await task.stop();
    }
  });
});

describe("the background tasks of serve and worker", () => {
  it("vacuum the embedded database, and leave PostgreSQL to its autovacuum", () => {
    const config = loadConfig({
      DATA_DIR: database.location.dataDir,
      DATABASE_URL: database.location.databaseUrl ?? undefined,
      JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
      LOG_LEVEL: "silent",
    });
    const log = createLogger(config);
    const mailer = createMailer({ config, db: database.db, log });
    const names = backgroundTasks({ config, log, database: database.handle, mailer }).map(
      (task) => task.name,
    );
    expect(names.includes("embedded-upkeep")).toBe(!postgresPass);
  });
});
