import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/database-handle";
import { type BackgroundTask, intervalTask } from "./background-task";

const UPKEEP_INTERVAL_MS = 10 * 60_000;

/**
 * PostgreSQL's autovacuum does not run in the embedded database (PGlite is one backend, with no launcher):
 * without this, every update and delete left its dead row and index entries for the life of the data
 * directory, so the files grew with every check, and the planner never had statistics. Each table is
 * vacuumed and analysed in its own statement, so checks go on between them; the visibility map keeps a
 * pass over a table that has not changed since the last one to a few pages.
 */
export async function vacuumEmbedded(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await handle.db.execute<{ name: string }>(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by c.relname`);
  const tables = rows.map((row) => row.name);
  for (const table of tables) await handle.db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  return tables;
}

/**
 * The embedded database's upkeep every ten minutes; PostgreSQL has its own autovacuum. Not at start: a
 * vacuum after a restart writes each page it visits to the log whole (the first write since the checkpoint
 * the shutdown made), megabytes for a few hundred checks' pages, which a server restarted often would pay
 * each time.
 */
export function embeddedUpkeepTask(
  handle: DatabaseHandle,
  log: (message: string, detail?: unknown) => void,
  intervalMs = UPKEEP_INTERVAL_MS,
): BackgroundTask {
  return intervalTask(
    "embedded-upkeep",
    intervalMs,
    async () => {
      await vacuumEmbedded(handle);
    },
    (error) => log("Vacuuming the embedded database failed", error),
    { firstAfterInterval: true },
  );
}
