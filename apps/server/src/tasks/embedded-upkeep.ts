import { sql } from "drizzle-orm";
import type { Database } from "../db/database-handle";
import { type BackgroundTask, intervalTask } from "./background-task";

const UPKEEP_INTERVAL_MS = 60_000;

/** A table's changes since its last vacuum and analyse, as the statistics count them. */
export interface TableActivity {
  name: string;
  live: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
}

/**
 * PostgreSQL's own autovacuum thresholds: a table is vacuumed once 50 + 20 % of its rows are dead (or
 * 1,000 + 20 % were inserted, so that an append-only table's pages are marked all-visible), and analysed
 * once 50 + 10 % changed.
 */
export function upkeepDue(table: TableActivity): { vacuum: boolean; analyze: boolean } {
  return {
    vacuum: table.dead > 50 + 0.2 * table.live || table.insertedSinceVacuum > 1_000 + 0.2 * table.live,
    analyze: table.modifiedSinceAnalyze > 50 + 0.1 * table.live,
  };
}

/**
 * PGlite keeps no statistics across a restart: every count starts again at zero, live rows included. So
 * after a start a table is vacuumed once more than 50 of its rows have died (it counts none live until its
 * first vacuum), and that vacuum also clears what died before the restart.
 */
async function tableActivity(db: Database): Promise<TableActivity[]> {
  // Counts reach the statistics views a second or more after a statement; this one sends them at its end.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = await db.execute<Record<keyof TableActivity, string | number>>(sql`
    select relname as name, n_live_tup as live, n_dead_tup as dead,
      n_ins_since_vacuum as "insertedSinceVacuum", n_mod_since_analyze as "modifiedSinceAnalyze"
    from pg_stat_user_tables where schemaname = 'public' order by relname`);
  return rows.map((row) => ({
    name: String(row.name),
    live: Number(row.live),
    dead: Number(row.dead),
    insertedSinceVacuum: Number(row.insertedSinceVacuum),
    modifiedSinceAnalyze: Number(row.modifiedSinceAnalyze),
  }));
}

/**
 * PostgreSQL's autovacuum does not run in the embedded database (PGlite is one backend, with no launcher):
 * without this, the space of deleted rows (retention's) was never reused, so the history grew for the life
 * of the data directory, and the planner never had statistics. PGlite runs one statement at a time, so each
 * of these holds every check for its length: a table is vacuumed, and then analysed, in statements of its
 * own once it passes autovacuum's thresholds. Vacuumed every ten minutes whatever their state, 60,000 busy
 * monitors had 120,000 dead rows to clear and held every check ~0.8 s; at their threshold (a fifth of the
 * rows dead, about a minute at 100 checks/s) the vacuum held them at most ~0.27 s.
 */
export async function vacuumEmbedded(db: Database): Promise<void> {
  for (const table of await tableActivity(db)) {
    const due = upkeepDue(table);
    const name = sql.identifier(table.name);
    if (due.vacuum) await db.execute(sql`vacuum ${name}`);
    if (due.analyze) await db.execute(sql`analyze ${name}`);
  }
}

/**
 * The embedded database's upkeep; PostgreSQL has its own autovacuum. Not at start: a vacuum after a restart
 * writes each page it visits to the log whole (the first write since the checkpoint the shutdown made),
 * megabytes for a few hundred checks' pages, which a server restarted often would pay each time.
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
