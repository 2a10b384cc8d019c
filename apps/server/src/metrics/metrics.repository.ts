import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database";

const rowsOf = async <T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> =>
  (await db.execute<T>(query)).rows;

/**
 * Checks of the last `seconds` by outcome, read from the newest rows only (primary-key order, bounded). A
 * run row counts its checks in the window as evenly spaced (check-counts.ts `checksSince`), each at the
 * run's mean duration.
 */
export function recentChecks(db: Database, seconds: number, now: Date) {
  const since = sql`(${now}::timestamptz - make_interval(secs => ${seconds}))`;
  return rowsOf<{ outcome: string; count: number; p50: number | null; p95: number | null }>(
    db,
    sql`select status as outcome, count(*)::int as count,
          percentile_cont(0.5) within group (order by mean_ms) / 1000.0 as p50,
          percentile_cont(0.95) within group (order by mean_ms) / 1000.0 as p95
        from (select status, (duration_ms + repeat_duration_ms)::float8 / (1 + repeats) as mean_ms,
            case when started_at > ${since} then 1 + repeats
              else least(repeats, 1 + floor(repeats * extract(epoch from last_started_at - ${since})
                / extract(epoch from last_started_at - started_at))::int) end as in_window
          from (select status, duration_ms, started_at, repeats, last_started_at, repeat_duration_ms
            from checks order by id desc limit 20000) newest
          where coalesce(last_started_at, started_at) > ${since}) counted
        cross join generate_series(1, counted.in_window)
        group by status`,
  );
}

/** How late the most overdue active monitor is (0 when none is due): the scheduler's lag. */
export async function schedulingLagSeconds(db: Database, now: Date): Promise<number> {
  const [row] = await rowsOf<{ lag: number | null }>(
    db,
    sql`select extract(epoch from ${now}::timestamptz - min(next_check_at))::float8 as lag
        from monitors where paused = false and next_check_at <= ${now}`,
  );
  return Math.max(0, Number(row?.lag ?? 0));
}

/** Deliveries still to send (the outbox), by channel and state. */
export function outboxDepth(db: Database) {
  return rowsOf<{ channel: string; status: string; count: number }>(
    db,
    sql`select channel_type as channel, status, count(*)::int as count from deliveries
        where status in ('pending', 'failed', 'sending') group by channel_type, status`,
  );
}

/** Deliveries that reached an end (delivered or given up) in the last `seconds`, by channel and result. */
export function recentDeliveries(db: Database, seconds: number, now: Date) {
  return rowsOf<{ channel: string; result: string; count: number }>(
    db,
    sql`select channel_type as channel, status as result, count(*)::int as count from deliveries
        where status not in ('pending', 'failed', 'sending')
          and coalesce(delivered_at, next_attempt_at) > ${now}::timestamptz - make_interval(secs => ${seconds})
        group by channel_type, status`,
  );
}
