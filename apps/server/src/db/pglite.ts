import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { acquireDataDirLock } from "./data-dir-lock";
import type { Database, DatabaseHandle } from "./database-handle";
import { pgliteByteaTypes } from "./pglite-bytea";
import { initPgliteDataDir } from "./pglite-init";

/**
 * Memory settings measured in DESIGN §2: with these, RSS drops from ~315 MB to ~175 MB. PGlite is one
 * connection in one process, so transactions must stay short. Its shared buffers are resident WebAssembly
 * memory once touched, and a page they miss is read from the operating system's file cache.
 */
export const pgliteSettings = [
  "shared_buffers = 8MB",
  "work_mem = 4MB",
  "maintenance_work_mem = 16MB",
  "temp_buffers = 4MB",
  "wal_buffers = 1MB",
  // The upkeep's ANALYZE samples 300 rows per target unit, and PGlite runs no statement beside it: at the
  // default 100, analysing 60,000 monitors held every check for ~2 s (lag p99 1-2 s at 100 checks/s);
  // at 10, 0.12-0.14 s. Our queries are key look-ups and index ranges, which need no finer histograms.
  "default_statistics_target = 10",
];

/** Where PGlite's own files live inside DATA_DIR (beside the lock and the generated secret). */
export function pgliteFolder(dataDir: string): string {
  return join(dataDir, "pglite");
}

/** `dataDir` may be "memory://" for a throwaway database. */
export async function createPgliteDatabase(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith("memory://");
  const lock = inMemory ? null : acquireDataDirLock(dataDir);
  const pgDataDir = inMemory ? dataDir : pgliteFolder(dataDir);
  let client: PGlite;
  try {
    if (!inMemory) await initPgliteDataDir(pgDataDir, pgliteSettings);
    client = await PGlite.create(pgDataDir, { postgresqlconf: pgliteSettings, ...pgliteByteaTypes });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db: Database = drizzle({ client });
  return {
    db,
    kind: "pglite",
    async ping() {
      // Querying a closed PGlite also rejects inside its own clean-up, unhandled: ask first.
      if (client.closed) throw new Error("The embedded database is closed.");
      await client.query("select 1");
    },
    async listen(channel, handler) {
      const unsubscribe = await client.listen(channel, handler);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async dumpDataDir() {
      return client.dumpDataDir("gzip");
    },
    async applyMigrations(migrationsFolder) {
      await migrate(drizzle({ client }), { migrationsFolder });
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Unpacks a data directory dumped by `dumpDataDir` into `pgDataDir` (which must not hold a database yet),
 * opens it once so PostgreSQL replays its log, and answers how many migrations it has applied.
 */
export async function loadPgliteDataDir(pgDataDir: string, tarball: Blob): Promise<number> {
  const client = await PGlite.create(pgDataDir, {
    loadDataDir: tarball,
    postgresqlconf: pgliteSettings,
    ...pgliteByteaTypes,
  });
  try {
    const result = await client.query<{ n: number }>(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.close();
  }
}
