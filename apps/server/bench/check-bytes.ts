/**
 * Bytes one unchanged check writes on PostgreSQL: the WAL it generates (pg_current_wal_lsn before its claim
 * and after its record: the claim's lease is part of the check) and the growth of every table with its
 * indexes. Run it against
 * a server nothing else writes to. Prints ONE JSON object.
 *
 * Where the bytes of each kind of check go (`where`: WAL bytes per check by relation and record type,
 * full-page images apart) is read with pg_walinspect when the server has it (PostgreSQL 15+, superuser);
 * `ownWalBytesPerCheck` is then this database's WAL alone, full-page images left out (they follow the
 * checkpoints, not the check).
 *
 * DATABASE_URL (a PostgreSQL server; a database is created and dropped), BENCH_CHECKS (default 300).
 */
import type { Snapshot } from "@changeradar/engine";
import { eq, sql } from "drizzle-orm";
import { defaultCheckTiming } from "../src/checks/check-timing";
import { createCheckWriter, MAX_BATCH, recordCheck } from "../src/checks/check-writer";
import { claimMonitor, claimMonitors } from "../src/checks/claims.repository";
import type { PageCheckOutcome } from "../src/checks/page-check";
import { createDatabase, type DatabaseHandle } from "../src/db/database";
import { migrate } from "../src/db/migrate";
import { monitors } from "../src/db/schema/monitors";
import { users } from "../src/db/schema/users";
import { createScratchDatabase } from "./scratch";

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error("DATABASE_URL (PostgreSQL) is required");
const checks = Number(process.env.BENCH_CHECKS ?? 300);
const owner = "bench-worker";

const snapshot: Snapshot = {
  version: 1,
  url: "https://shop.example/anvil",
  format: "html",
  title: "Acme Anvil",
  lines: ["Acme Anvil", "USD 24.99", "In stock"],
  price: { amount: 24.99, currency: "USD", maxAmount: null, source: "json-ld" },
  availability: "in_stock",
  items: [],
  images: [],
  structure: { hash: "h", paths: [] },
  scopeMatched: null,
};
const fetched = { httpStatus: 200, durationMs: 90, etag: '"e1"', lastModified: null, bodyHash: "b1:k1" };
const outcomes: Record<string, PageCheckOutcome> = {
  sameBody: { ...fetched, kind: "same_body" },
  unchangedWithPrice: {
    ...fetched,
    kind: "unchanged",
    version: { snapshot },
    rebase: false,
    fingerprint: "f1",
  },
};

async function scalar(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> {
  const result = await database.db.execute(query);
  return Number(Object.values(result.rows[0] as Record<string, unknown>)[0]);
}

/**
 * WAL bytes by "relation record-type" between two LSNs, from pg_walinspect: only this database's records
 * (a block of one of its relations, or a transaction that wrote one), as other databases of the server
 * may be written meanwhile.
 */
async function walRecords(database: DatabaseHandle, from: string, to: string, into: Map<string, number>) {
  const result = await database.db.execute(sql`
    with records as (
      select *, substring(block_ref from 'rel [0-9]+/([0-9]+)/')::oid as db_oid
      from pg_get_wal_records_info(${from}::pg_lsn, ${to}::pg_lsn)
    ), here as (select oid from pg_database where datname = current_database()),
    ours as (select distinct xid from records where db_oid = (select oid from here) and xid::text <> '0')
    select coalesce(pg_filenode_relation(0, substring(block_ref from 'rel [0-9]+/[0-9]+/([0-9]+)')::oid)::text,
             lower(resource_manager)) as relation,
           record_type, record_length, fpi_length
    from records
    where db_oid = (select oid from here) or xid in (select xid from ours)`);
  for (const row of result.rows as {
    relation: string;
    record_type: string;
    record_length: number;
    fpi_length: number;
  }[]) {
    const key = `${row.relation} ${row.record_type}`;
    into.set(key, (into.get(key) ?? 0) + Number(row.record_length) - Number(row.fpi_length));
    if (Number(row.fpi_length) > 0)
      into.set("full-page images", (into.get("full-page images") ?? 0) + Number(row.fpi_length));
  }
}

/** The WAL flushed so far: a commit is flushed with its records; pg_walinspect reads no further. */
const lsnText = async (database: DatabaseHandle) => {
  const result = await database.db.execute(sql`select pg_current_wal_flush_lsn()::text as lsn`);
  return (result.rows[0] as { lsn: string }).lsn;
};

const walLsn = (database: DatabaseHandle) =>
  scalar(database, sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8`);
/** The size of each table and index of the public schema that has one (toast and free space maps apart). */
async function relationBytes(database: DatabaseHandle): Promise<Map<string, number>> {
  const result =
    await database.db.execute(sql`select c.relname as name, pg_relation_size(c.oid)::float8 as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'i')`);
  return new Map((result.rows as { name: string; bytes: number }[]).map((r) => [r.name, Number(r.bytes)]));
}

/** Per check, the relations that grew between two `relationBytes`. */
function grown(before: Map<string, number>, after: Map<string, number>, checks: number) {
  return Object.fromEntries(
    [...after]
      .map(([name, bytes]) => [name, Math.round((bytes - (before.get(name) ?? 0)) / checks)] as const)
      .filter(([, bytes]) => bytes !== 0),
  );
}

const tableBytes = (database: DatabaseHandle) =>
  scalar(
    database,
    sql`select coalesce(sum(pg_total_relation_size(c.oid)), 0)::float8 from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`,
  );

const scratch = await createScratchDatabase(serverUrl, "cr_bytes");
const database = await createDatabase({ databaseUrl: scratch.url, dataDir: "unused" });
interface Figures {
  walBytesPerCheck: number;
  /** This database's WAL without full-page images (pg_walinspect): what other databases write is left out. */
  ownWalBytesPerCheck?: number;
  tableBytesPerCheck: number;
  /** Which tables and indexes grew, in bytes per check. */
  grownPerCheck?: Record<string, number>;
}
const figures: Record<string, Figures> = {};
const where: Record<string, Record<string, number>> = {};
const noFullPages = (bytes: Map<string, number>) =>
  [...bytes].reduce((sum, [key, n]) => (key === "full-page images" ? sum : sum + n), 0);
try {
  await migrate(database);
  const inspect = await database.db
    .execute(sql`create extension if not exists pg_walinspect`)
    .then(() => true)
    .catch(() => false);
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({ email: "bytes@example.test", passwordHash: "x", firstName: "B", planType: "Business" })
    .returning();
  const [monitor] = await db
    .insert(monitors)
    .values({
      userId: user.id,
      url: snapshot.url,
      host: "shop.example",
      name: "Anvil",
      frequency: "1d",
      watch: ["text", "price"],
    })
    .returning();
  const writer = createCheckWriter(db, owner);
  const record = async (outcome: PageCheckOutcome, bytesWhere?: Map<string, number>) => {
    const before = await walLsn(database);
    const from = bytesWhere ? await lsnText(database) : "";
    const claimed = await claimMonitor(db, monitor.id, owner, 60_000);
    if (!claimed) throw new Error("not claimed");
    await recordCheck(writer, claimed, outcome, new Date(), {
      startedAt: new Date(),
      timing: defaultCheckTiming,
    });
    const wal = (await walLsn(database)) - before;
    if (bytesWhere) await walRecords(database, from, await lsnText(database), bytesWhere);
    return wal;
  };
  await record({ ...fetched, kind: "baseline", version: { snapshot }, screenshot: null, fingerprint: "f1" });
  for (const [kind, outcome] of Object.entries(outcomes)) {
    for (let i = 0; i < 20; i++) await record(outcome); // warm-up: page splits of a new table, plans
    await db.execute(sql`checkpoint`).catch(() => {});
    const tablesBefore = await tableBytes(database);
    const relationsBefore = await relationBytes(database);
    let wal = 0;
    const bytesWhere = inspect ? new Map<string, number>() : undefined;
    for (let i = 0; i < checks; i++) wal += await record(outcome, bytesWhere);
    if (bytesWhere) {
      where[kind] = Object.fromEntries(
        [...bytesWhere].sort((a, b) => b[1] - a[1]).map(([key, bytes]) => [key, Math.round(bytes / checks)]),
      );
    }
    figures[kind] = {
      walBytesPerCheck: Math.round(wal / checks),
      ...(bytesWhere ? { ownWalBytesPerCheck: Math.round(noFullPages(bytesWhere) / checks) } : {}),
      tableBytesPerCheck: Math.round(((await tableBytes(database)) - tablesBefore) / checks),
      grownPerCheck: grown(relationsBefore, await relationBytes(database), checks),
    };
  }
  // The same check on 64 monitors at once: the writer puts them in one transaction.
  const others = await db
    .insert(monitors)
    .values(
      Array.from({ length: MAX_BATCH }, (_, i) => ({
        userId: user.id,
        url: `${snapshot.url}/${i}`,
        host: "shop.example",
        name: `Anvil ${i}`,
        frequency: "1d" as const,
        watch: ["text" as const],
      })),
    )
    .returning();
  const rounds = Math.max(1, Math.round(checks / MAX_BATCH));
  const tablesBefore = await tableBytes(database);
  let wal = 0;
  for (let round = 0; round <= rounds; round++) {
    const before = await walLsn(database);
    // One claim for all, as a scheduler's claim of due monitors is one statement.
    const claimed = await claimMonitors(
      db,
      others.map((m) => ({ id: m.id })),
      owner,
      60_000,
    );
    if (claimed.length !== others.length) throw new Error("not claimed");
    await Promise.all(
      claimed.map((m) => {
        // Like a worker's slots, the first check starts a batch alone and the others join the next one.
        return recordCheck(writer, m, outcomes.sameBody, new Date(), {
          startedAt: new Date(),
          timing: defaultCheckTiming,
        });
      }),
    );
    if (round > 0) wal += (await walLsn(database)) - before; // round 0 is the warm-up
  }
  figures.sameBodyBatched = {
    walBytesPerCheck: Math.round(wal / (rounds * MAX_BATCH)),
    tableBytesPerCheck: Math.round(
      ((await tableBytes(database)) - tablesBefore) / ((rounds + 1) * MAX_BATCH),
    ),
  };
  const [row] = await db
    .select({ failures: monitors.consecutiveFailures })
    .from(monitors)
    .where(eq(monitors.id, monitor.id));
  if (row.failures !== 0) throw new Error("a check failed");
} finally {
  await database.close();
  await scratch.drop();
}
console.log(JSON.stringify({ checks, ...figures, where }));
