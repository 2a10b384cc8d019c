/** The serve benchmark's queries (db-tool.ts runs them in a child process for the embedded database). */
import { sql } from "drizzle-orm";
import { generateApiKey } from "../../src/api-keys/api-key-token";
import { insertKey } from "../../src/api-keys/api-keys.repository";
import type { DatabaseHandle } from "../../src/db/database";
import { monitors } from "../../src/db/schema/monitors";
import { insertBusinessUser } from "../scratch";
import { tableBytes } from "../table-bytes";
import {
  type CopyArgs,
  copy,
  copyLag,
  dueCopies,
  dueSlow,
  firstStartFrom,
  slowUser,
} from "./sustained-queries";

export interface ToolArgs extends CopyArgs {
  command: keyof typeof benchCommands;
  urls?: readonly string[];
  watch?: readonly string[];
}

const MONITORS_PER_USER = 50;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

export async function seed(database: DatabaseHandle, args: ToolArgs) {
  const { db } = database;
  const urls = args.urls ?? [];
  const out: { key: string; ids: string[] }[] = [];
  for (let first = 0; first < urls.length; first += MONITORS_PER_USER) {
    const user = await insertBusinessUser(db, first);
    const key = generateApiKey();
    await insertKey(db, { userId: user.id, name: "bench", prefix: key.prefix, keyHash: key.hash });
    const rows = urls.slice(first, first + MONITORS_PER_USER).map((url, k) => ({
      userId: user.id,
      url,
      host: new URL(url).hostname,
      name: `Page ${first + k}`,
      frequency: "1d" as const,
      watch: args.watch as never,
      nextCheckAt: new Date(Date.now() + 86_400_000),
    }));
    const inserted = await db.insert(monitors).values(rows).returning({ id: monitors.id });
    out.push({ key: key.key, ids: inserted.map((row) => row.id) });
  }
  return { users: out };
}

/** Monitors in creation order, numbered from 0, with the due time `due` gives them. */
const ranked = (at: string, rate: number) => sql`
  with ranked as (
    select id, row_number() over (order by created_at, id) - 1 as n from monitors
  ), planned as (
    select id, n, ${at}::timestamptz + make_interval(secs => n::float8 / ${rate}) as due_at from ranked
  )`;

export async function due(database: DatabaseHandle, args: ToolArgs) {
  const count = args.count ?? Number.MAX_SAFE_INTEGER;
  const rate = args.rate ?? Number.MAX_VALUE;
  await database.db.execute(sql`
    ${ranked(args.at!, rate)}
    update monitors m set
      next_check_at = case when p.n < ${count} then p.due_at else now() + interval '1 day' end,
      lease_until = null
    from planned p where p.id = m.id`);
  const result = await database.db.execute(sql`
    ${ranked(args.at!, rate)} select id from planned where n < ${count}`);
  return { ids: rowsOf<{ id: string }>(result).map((row) => row.id) };
}

/** The lags of the checks that started (a monitor without one is left out: `due` says how many there were). */
export async function lag(database: DatabaseHandle, args: ToolArgs) {
  const started = firstStartFrom(args.at!);
  const result = await database.db.execute(sql`
    ${ranked(args.at!, args.rate!)}
    select extract(epoch from (min(${started}) - p.due_at)) * 1000 as lag_ms
    from planned p join checks c on c.monitor_id = p.id and ${started} is not null
    where p.n < ${args.count!}
    group by p.id, p.due_at`);
  return { lagsMs: rowsOf<{ lag_ms: number | string }>(result).map((row) => Number(row.lag_ms)) };
}

/** A log sequence number ("16/B374D848") as a byte position. */
const walBytesAt = (lsn: string) => {
  const [high, low] = lsn.split("/").map((part) => Number.parseInt(part, 16));
  return high * 2 ** 32 + low;
};

export async function bytes(database: DatabaseHandle) {
  const written = await database.db.execute(sql`
    select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::float8 as rows from pg_stat_user_tables`);
  // The write-ahead log's position: what the database wrote, whatever files it later reuses (on PostgreSQL
  // the whole cluster's, so other databases' work counts too).
  const wal = await database.db.execute(sql`select pg_current_wal_lsn()::text as lsn`);
  return {
    /** Each table's size by name (as an object: it travels as JSON from the embedded database's server). */
    tables: Object.fromEntries(await tableBytes(database)),
    rowsWritten: Number(rowsOf<{ rows: number }>(written)[0].rows),
    walPosition: walBytesAt(rowsOf<{ lsn: string }>(wal)[0].lsn),
  };
}

/** What the bench asks of the database, by name (db-tool.ts runs them for the embedded database). */
export const benchCommands = { seed, due, lag, bytes, copy, dueCopies, copyLag, slowUser, dueSlow };
