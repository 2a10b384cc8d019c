/**
 * The embedded database has no autovacuum: the upkeep task vacuums and analyses it. Without it, the space of
 * the rows retention deletes was never reused, so the history's table grew with every check for the life of
 * the data directory, and the planner had no statistics.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { createPgliteDatabase } from "../../src/db/pglite";
import { checks } from "../../src/db/schema/checks";
import { monitors } from "../../src/db/schema/monitors";
import { users } from "../../src/db/schema/users";
import { createLogger } from "../../src/logger";
import { createMailer } from "../../src/mail/mailer";
import { backgroundTasks } from "../../src/roles/background-tasks";
import { embeddedUpkeepTask, upkeepDue, vacuumEmbedded } from "../../src/tasks/embedded-upkeep";
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
    // Like autovacuum, the upkeep lets a fifth of the rows die before it clears them: the table settles a
    // little above its fresh size, then stays there.
    const settled = await checksBytes();
    for (let round = 7; round <= 12; round++) {
      await vacuumEmbedded(database.db);
      await retain(round);
    }
    const kept = await checksBytes();
    for (let round = 13; round <= 18; round++) await retain(round);
    const unkept = await checksBytes();
    // With upkeep the space retention frees is reused; without, every round's checks go to new pages.
    expect(settled).toBeLessThan(fresh * 1.75);
    expect(kept).toBeLessThanOrEqual(settled * 1.05);
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
    // 300 rows written: past 50 + 10 % of the table, so it is analysed.
    await vacuumEmbedded(database.db);
    const { rows } = await database.db.execute<{ buckets: number }>(sql`
      select array_length(histogram_bounds, 1) - 1 as buckets from pg_stats
      where schemaname = 'public' and tablename = 'monitors' and attname = 'url'`);
    expect(Number(rows[0]?.buckets)).toBe(10);
  });

  it("looks one interval after it starts, not at start, and vacuums and analyses the tables past autovacuum's thresholds", async () => {
    const userId = await insertUser("thresholds");
    const ids = await insertPausedMonitors(
      database.db,
      userId,
      Array.from({ length: 200 }, (_, i) => `https://thresholds.example.test/page-${i}`),
    );
    // Every monitor of the table updated three times: far more dead rows than 50 + 20 % of the live ones.
    for (let round = 0; round < 3; round++)
      await database.db
        .update(monitors)
        .set({ name: sql`${monitors.name} || '.'` })
        .where(inArray(monitors.id, ids));
    const since = new Date();
    const task = embeddedUpkeepTask(database.db, () => {}, 500);
    const upkeepSince = async () => {
      const { rows } = await database.db.execute<{ name: string; vacuumed: boolean; analysed: boolean }>(sql`
        select relname as name, coalesce(last_vacuum >= ${since.toISOString()}::timestamptz, false) as vacuumed,
          coalesce(last_analyze >= ${since.toISOString()}::timestamptz, false) as analysed
        from pg_stat_user_tables where schemaname = 'public'`);
      return new Map(rows.map((row) => [row.name, row]));
    };
    await task.start();
    try {
      expect((await upkeepSince()).get("monitors")?.vacuumed).toBe(false);
      // Vacuumed, then analysed, in two statements: a look between them would see only the first.
      const tables = await eventually(
        upkeepSince,
        (now) => now.get("monitors")?.vacuumed === true && now.get("monitors")?.analysed === true,
      );
      // Nothing in this file writes to them: a table with nothing to clear is not scanned every minute.
      expect(tables.get("feedback")?.vacuumed).toBe(false);
      expect(tables.get("api_keys")?.vacuumed).toBe(false);
    } finally {
      await task.stop();
    }
  });

  it("after a restart, which clears PGlite's statistics, vacuums a table once more than 50 rows have died since", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cr-upkeep-restart-"));
    const probe = async (handle: Awaited<ReturnType<typeof createPgliteDatabase>>) => {
      const { rows } = await handle.db.execute<{ live: number; dead: number; vacuums: number }>(sql`
        select n_live_tup::int as live, n_dead_tup::int as dead, vacuum_count::int as vacuums
        from pg_stat_user_tables where relname = 'restart_probe'`);
      return rows[0];
    };
    try {
      let handle = await createPgliteDatabase(dir);
      await handle.db.execute(sql`create table restart_probe (id int primary key, v int)`);
      await handle.db.execute(sql`insert into restart_probe select g, 0 from generate_series(1, 10000) g`);
      await vacuumEmbedded(handle.db);
      await handle.db.execute(sql`update restart_probe set v = 1 where id <= 1500`);
      // Vacuumed once for its inserts; then 1,500 dead of 10,000 is under 50 + 20 %.
      await vacuumEmbedded(handle.db);
      expect(await probe(handle)).toEqual({ live: 10_000, dead: 1_500, vacuums: 1 });
      await handle.close();

      handle = await createPgliteDatabase(dir);
      try {
        expect(await probe(handle)).toEqual({ live: 0, dead: 0, vacuums: 0 });
        await handle.db.execute(sql`update restart_probe set v = 2 where id <= 40`);
        await vacuumEmbedded(handle.db);
        expect((await probe(handle)).vacuums).toBe(0);
        await handle.db.execute(sql`update restart_probe set v = 2 where id > 9980`);
        await vacuumEmbedded(handle.db);
        // The table counted no live row until this vacuum, which counted them again.
        expect(await probe(handle)).toEqual({ live: 10_000, dead: 0, vacuums: 1 });
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("uses autovacuum's thresholds: dead rows past 50 + 20 %, inserts past 1,000 + 20 %, changes past 50 + 10 %", () => {
    const table = { name: "t", live: 10_000, dead: 0, insertedSinceVacuum: 0, modifiedSinceAnalyze: 0 };
    expect(upkeepDue(table)).toEqual({ vacuum: false, analyze: false });
    expect(upkeepDue({ ...table, dead: 2_050 })).toEqual({ vacuum: false, analyze: false });
    expect(upkeepDue({ ...table, dead: 2_051 }).vacuum).toBe(true);
    expect(upkeepDue({ ...table, insertedSinceVacuum: 3_001 }).vacuum).toBe(true);
    expect(upkeepDue({ ...table, modifiedSinceAnalyze: 1_050 }).analyze).toBe(false);
    expect(upkeepDue({ ...table, modifiedSinceAnalyze: 1_051 }).analyze).toBe(true);
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
    const names = backgroundTasks({ config, log, database: database.handle, mailer }).tasks.map(
      (task) => task.name,
    );
    expect(names.includes("embedded-upkeep")).toBe(!postgresPass);
  });
});
