import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/**
 * The query builder both engines share. PGlite and node-postgres give different concrete classes, but
 * repositories only use this common surface, so one set of queries serves both (DESIGN §2).
 * A transaction (`db.transaction(async (tx) => …)`) is also a `Database`: pass it along.
 */
export type Database = PgDatabase<RowsResultHKT>;

interface RowsResult<Row> {
  rows: Row[];
}

/** What `db.execute` answers on both engines (PGlite's Results, node-postgres' QueryResult): the rows. */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this["row"]>;
}

export type Unsubscribe = () => Promise<void>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** A real round trip (`select 1`); rejects when the database is unreachable. */
  ping(): Promise<void>;
  /** Postgres LISTEN: the handler receives each NOTIFY payload on `channel`. */
  listen(channel: string, handler: (payload: string) => void): Promise<Unsubscribe>;
  /** Postgres NOTIFY through `pg_notify` (the payload is sent as a parameter, never spliced into SQL). */
  notify(channel: string, payload: string): Promise<void>;
  /** The embedded database only: its data directory as a tar.gz, taken between two statements. */
  dumpDataDir?: () => Promise<Blob>;
  /** Applies pending migrations from `folder` (see migrate.ts). */
  applyMigrations(folder: string): Promise<void>;
  close(): Promise<void>;
}
