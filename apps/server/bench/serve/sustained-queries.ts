/**
 * The sustained lag run's queries (db-tool.ts runs them in a child process for the embedded database).
 *
 * A sustained run needs far more due checks than the workload has pages (100/s for 10 minutes is 60,000),
 * so the workload's monitors are copied: copy k is the (k mod N)-th monitor under the URL `…?copy=k` (the
 * workload serves a page whatever its query), with that monitor's state and a snapshot row of its own on
 * the same stored blobs. A copy's check is thus a steady check against its previous version, as the
 * original's would be, read from the database like any monitor's (not one shared snapshot the cache keeps).
 */
import { inArray, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../src/db/database";
import { monitors } from "../../src/db/schema/monitors";
import { insertBusinessUser } from "../scratch";

export interface CopyArgs {
  dataDir: string;
  databaseUrl?: string | null;
  /** copy: how many copies there should be. */
  copies?: number;
  /** due / lag: copies `from` … `from + count - 1` are due from `at`, `rate` per second. */
  at?: string;
  rate?: number;
  from?: number;
  count?: number;
  /** slowUser: a user of its own with a monitor per URL (due tomorrow); dueSlow: those `ids` due at `at`. */
  slowUrls?: readonly string[];
  ids?: readonly string[];
  /** lag: when the server was told to stop (a copy due and not started by then is still waiting, even if its
   * check started while the server stopped). */
  end?: string;
}

const PREFIX = "sustained copy ";
/** Columns a copy sets itself; the others it takes from its original. */
const OWN = new Set(["id", "url", "name", "next_check_at", "lease_until", "lease_owner", "manual_check_at"]);
const OWN_VALUES = {
  id: sql`c.id`,
  url: sql`m.url || '?copy=' || c.k`,
  name: sql`${PREFIX}::text || c.k`,
  next_check_at: sql`now() + interval '1 day'`,
  lease_until: sql`null`,
  lease_owner: sql`null`,
  manual_check_at: sql`null`,
};
const copyNumber = sql.raw(`substring(name from ${PREFIX.length + 1})::int`);

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** Adds copies until there are `copies`; answers how many there are. */
export async function copy(database: DatabaseHandle, args: CopyArgs) {
  const { db } = database;
  const columns = rowsOf<{ column_name: string }>(
    await db.execute(sql`select column_name from information_schema.columns
      where table_schema = 'public' and table_name = 'monitors' order by ordinal_position`),
  ).map((row) => row.column_name);
  const list = sql.join(
    columns.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const values = sql.join(
    columns.map((name) =>
      name === "latest_snapshot_id"
        ? sql`case when m.latest_snapshot_id is null then null else c.snapshot_id end`
        : OWN.has(name)
          ? OWN_VALUES[name as keyof typeof OWN_VALUES]
          : sql`m.${sql.identifier(name)}`,
    ),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table copy_plan on commit drop as
      with originals as (
        select id, row_number() over (order by created_at, id) - 1 as n, count(*) over () as total
        from monitors where name not like ${`${PREFIX}%`}
      ), existing as (select count(*) as n from monitors where name like ${`${PREFIX}%`})
      select gen_random_uuid() as id, gen_random_uuid() as snapshot_id, k, o.id as original
      from existing e, generate_series(e.n, ${args.copies!} - 1) k
      join originals o on o.n = k % o.total`);
    await tx.execute(sql`insert into monitors (${list})
      select ${values} from copy_plan c join monitors m on m.id = c.original`);
    await tx.execute(sql`insert into snapshots (id, monitor_id, taken_at, content_blob_id, screenshot_blob_id, fingerprint)
      select c.snapshot_id, c.id, s.taken_at, s.content_blob_id, s.screenshot_blob_id, s.fingerprint
      from copy_plan c join monitors m on m.id = c.original join snapshots s on s.id = m.latest_snapshot_id`);
  });
  const [{ n }] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from monitors where name like ${`${PREFIX}%`}`),
  );
  return { copies: Number(n) };
}

/** Copies due from `at` at `rate` per second (copy `from` first); every other copy tomorrow. */
export async function dueCopies(database: DatabaseHandle, args: CopyArgs) {
  await database.db.execute(sql`
    update monitors set lease_until = null, lease_owner = null, manual_check_at = null,
      next_check_at = case when ${copyNumber} - ${args.from!} between 0 and ${args.count!} - 1
        then ${args.at!}::timestamptz + make_interval(secs => (${copyNumber} - ${args.from!})::float8 / ${args.rate!})
        else now() + interval '1 day' end
    where name like ${`${PREFIX}%`}`);
  return {};
}

/**
 * When the first check of row `c` at or after `at` started, null if none did. A run of identical unchanged
 * checks is one row (check-runs.ts): one that began before `at` shows a check after it only as its last.
 */
export const firstStartFrom = (at: string) =>
  sql`(case when c.started_at >= ${at}::timestamptz then c.started_at
    when c.last_started_at >= ${at}::timestamptz then c.last_started_at end)`;

/**
 * For each copy of the window, its due time and when its first check since `at` started. Answers the
 * lags of the checks that started (start − due, ms) and, for the copies due but not started when the
 * server was told to stop, how long they had waited by then (their lag is at least that).
 */
export async function copyLag(database: DatabaseHandle, args: CopyArgs) {
  const checkStart = firstStartFrom(args.at!);
  const result = await database.db.execute(sql`
    with window_copies as (
      select id, ${args.at!}::timestamptz + make_interval(secs => (${copyNumber} - ${args.from!})::float8 / ${args.rate!}) as due_at
      from monitors
      where name like ${`${PREFIX}%`} and ${copyNumber} - ${args.from!} between 0 and ${args.count!} - 1
    )
    select extract(epoch from (min(${checkStart}) - w.due_at)) * 1000 as lag_ms, min(c.duration_ms) as duration_ms,
      extract(epoch from (w.due_at - ${args.at!}::timestamptz)) * 1000 as due_ms,
      extract(epoch from (${args.end!}::timestamptz - w.due_at)) * 1000 as waited_ms
    from window_copies w left join checks c on c.monitor_id = w.id
      and ${checkStart} <= ${args.end!}::timestamptz
    group by w.id, w.due_at`);
  const rows = rowsOf<{
    lag_ms: number | string | null;
    duration_ms: number | null;
    due_ms: number | string;
    waited_ms: number | string;
  }>(result);
  const started = rows.filter((row) => row.lag_ms !== null);
  const waiting = rows.filter((row) => row.lag_ms === null && Number(row.waited_ms) >= 0);
  return {
    lagsMs: started.map((row) => Number(row.lag_ms)),
    /** When each started check's copy was due, ms after `at` (same order as lagsMs). */
    dueMs: started.map((row) => Number(row.due_ms)),
    durationsMs: started.map((row) => Number(row.duration_ms)),
    waitingMs: waiting.map((row) => Number(row.waited_ms)),
    waitingDueMs: waiting.map((row) => Number(row.due_ms)),
    notDue: rows.filter((row) => row.lag_ms === null && Number(row.waited_ms) < 0).length,
  };
}

/** The fairness window's other user: every monitor on one slow host (first checks, never answered quickly). */
export async function slowUser(database: DatabaseHandle, args: CopyArgs) {
  const { db } = database;
  const user = await insertBusinessUser(db, 1_000_000);
  const rows = (args.slowUrls ?? []).map((url, k) => ({
    userId: user.id,
    url,
    host: new URL(url).hostname,
    name: `Slow page ${k}`,
    frequency: "1d" as const,
    watch: ["text" as const],
    nextCheckAt: new Date(Date.now() + 86_400_000),
  }));
  const inserted = await db.insert(monitors).values(rows).returning({ id: monitors.id });
  return { ids: inserted.map((row) => row.id) };
}

export async function dueSlow(database: DatabaseHandle, args: CopyArgs) {
  await database.db
    .update(monitors)
    .set({ nextCheckAt: new Date(args.at!), leaseUntil: null, leaseOwner: null })
    .where(inArray(monitors.id, [...(args.ids ?? [])]));
  return {};
}
