import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Database, DatabaseHandle } from "./database-handle";

/** Arbitrary constant naming the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_240_521;

/**
 * Connections for the queries of one process: one per check slot (a check holds at most one at a time,
 * its batch write) plus headroom for the API, claims and the background jobs. Live-event listeners
 * have connections of their own, outside the pool.
 */
export function poolSizeFor(checkSlots = 16): number {
  return checkSlots + 8;
}

/**
 * `applicationName`: what every connection of this process is called in `pg_stat_activity` (the role,
 * "changeradar worker"): an operator sees which node holds which connection, and an API node sees
 * whether any node that checks pages is connected (check-worker-watch.ts).
 */
export async function createPostgresDatabase(
  databaseUrl: string,
  poolSize = poolSizeFor(),
  applicationName?: string,
): Promise<DatabaseHandle> {
  const connection = {
    connectionString: databaseUrl,
    connectionTimeoutMillis: 10_000,
    application_name: applicationName,
  };
  const pool = new pg.Pool({ ...connection, max: poolSize });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db: Database = drizzle({ client: pool });
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: "postgres",
    async ping() {
      await pool.query("select 1");
    },
    async listen(channel, handler) {
      // Its own connection: a LISTEN holds it for good, so it must not take one from the query pool.
      const client = new pg.Client(connection);
      client.on("error", () => {});
      await client.connect();
      listeners.add(client);
      client.on("notification", (message) => {
        if (message.channel === channel) handler(message.payload ?? "");
      });
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      return async () => {
        if (!listeners.delete(client)) return;
        await client.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => {});
        await client.end().catch(() => {});
      };
    },
    async notify(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async applyMigrations(migrationsFolder) {
      // Several nodes may start at once against one PostgreSQL: a session advisory lock on one
      // dedicated connection lets exactly one of them migrate while the others wait.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrate(drizzle({ client }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async close() {
      await Promise.allSettled([...listeners].map((client) => client.end()));
      listeners.clear();
      await pool.end();
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
