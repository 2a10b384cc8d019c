import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db";
import { monitors } from "../db/schema/monitors";
import type { MonitorState } from "./checks.repository";

/**
 * The common case in ONE statement: a check with nothing to alert (unchanged, not modified, or an error
 * below the alert threshold). The monitor's new state (lease cleared, still guarded by the lease owner),
 * the check row, the price point and the live event are written together; one round trip instead of a
 * transaction of five, which matters on the embedded database.
 */
export interface QuietCheck {
  monitorId: string;
  owner: string;
  state: MonitorState;
  check: {
    startedAt: Date;
    durationMs: number;
    status: string;
    httpStatus: number | null;
    error: string | null;
  };
  price: { at: Date; amount: number; currency: string | null } | null;
  live: { channel: string; payload: string };
}

const columns = getTableColumns(monitors);

function assignment(key: string, value: unknown): SQL {
  const column = columns[key as keyof typeof columns];
  if (!column) throw new Error(`Unknown monitor column: ${key}`);
  const name = sql.identifier(column.name);
  if (value === null || value === undefined) return sql`${name} = null`;
  if (value instanceof Date) return sql`${name} = ${value.toISOString()}::timestamptz`;
  if (column.dataType === "json") return sql`${name} = ${JSON.stringify(value)}::jsonb`;
  return sql`${name} = ${value}`;
}

/** False when the lease was lost (another worker owns the monitor now): nothing was written. */
export async function recordQuietCheck(db: Database, input: QuietCheck): Promise<boolean> {
  const { check, price } = input;
  const assignments = Object.entries(input.state).map(([key, value]) => assignment(key, value));
  const priced = price
    ? sql`, priced as (
        insert into price_points (monitor_id, at, amount, currency)
        select id, ${price.at.toISOString()}::timestamptz, ${price.amount}::float8, ${price.currency}::text from finished)`
    : sql``;
  const result = await db.execute(sql`
    with finished as (
      update monitors set ${sql.join(assignments, sql`, `)}, lease_until = null, lease_owner = null
      where id = ${input.monitorId} and lease_owner = ${input.owner}
      returning id
    ), recorded as (
      insert into checks (monitor_id, started_at, duration_ms, status, http_status, error)
      select id, ${check.startedAt.toISOString()}::timestamptz, ${check.durationMs}::int, ${check.status}::text,
        ${check.httpStatus}::smallint, ${check.error}::text
      from finished
      returning monitor_id
    )${priced}
    select pg_notify(${input.live.channel}, ${input.live.payload}) from recorded`);
  return result.rows.length > 0;
}
