import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../src/db/database";
import { rowsOf } from "../src/monitors/monitors.repository";

/** Bytes of each table of the public schema, with its indexes and TOAST. */
export async function tableBytes(database: DatabaseHandle): Promise<Map<string, number>> {
  const result = await database.db.execute(sql`
    select c.relname as name, pg_total_relation_size(c.oid)::float8 as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'`);
  return new Map(rowsOf<{ name: string; bytes: number }>(result).map((row) => [row.name, Number(row.bytes)]));
}

export function totalBytes(tables: ReadonlyMap<string, number>): number {
  return [...tables.values()].reduce((sum, bytes) => sum + bytes, 0);
}

/** Growth per table between two measurements, largest first (tables that did not grow are left out). */
export function growth(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
): Record<string, number> {
  const grown = [...after].map(([name, bytes]) => [name, bytes - (before.get(name) ?? 0)] as const);
  return Object.fromEntries(grown.filter(([, bytes]) => bytes > 0).sort((a, b) => b[1] - a[1]));
}
