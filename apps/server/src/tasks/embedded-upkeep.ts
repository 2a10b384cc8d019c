import { sql } from "drizzle-orm";
import type { Database } from "../db/database-handle";
import { type BackgroundTask, intervalTask } from "./background-task";

const UPKEEP_INTERVAL_MS = 10 * 60_000;

/**
 * PostgreSQL's autovacuum does not run in the embedded database (PGlite is one backend, with no launcher):
 * without this, the space of deleted rows (retention's) was never reused, so the history grew for the life
 * of the data directory, and the planner never had statistics. Each table is vacuumed and analysed in its
 * own statement, so checks go on between them; the visibility map keeps a pass over a table that has not
 * changed since the last one to a few pages.
 */
export async function vacuumEmbedded(db: Database): Promise<void> {
  const { rows } = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by c.relname`);
  for (const { name } of rows) await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
}

/**
 * The embedded database's upkeep every ten minutes; PostgreSQL has its own autovacuum. Not at start: a
 * vacuum after a restart writes each page it visits to the log whole (the first write since the checkpoint
 * the shutdown made), megabytes for a few hundred checks' pages, which a server restarted often would pay
 * each time.
 */
export function embeddedUpkeepTask(
  db: Database,
  log: (message: string, detail?: unknown) => void,
  intervalMs = UPKEEP_INTERVAL_MS,
): BackgroundTask {
  return intervalTask(
    "embedded-upkeep",
    intervalMs,
    () => vacuumEmbedded(db),
    (error) => log("Vacuuming the embedded database failed", error),
    { firstAfterInterval: true },
  );
}
