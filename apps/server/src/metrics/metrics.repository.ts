import { type SQL, sql } from "drizzle-orm";
import { lastStartedAt, meanDurationSql, rowChecksSince } from "../checks/check-counts";
import type { Database } from "../db/database";
import { checks } from "../db/schema/checks";

const rowsOf = async <T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> =>
  (await db.execute<T>(query)).rows;

/**
 * Checks of the last `seconds` by outcome, read from the newest rows only (primary-key order, bounded). A
 * run row counts its checks in the window as evenly spaced (`rowChecksSince`), each at the run's mean
 * duration.
 */
export function recentChecks(db: Database, seconds: number, now: Date) {
  const since = sql`(${now}::timestamptz - make_interval(secs => ${seconds}))`;
  // The newest rows keep the table's name, so the shared expressions (written on "checks") read them.
  return rowsOf<{ outcome: string; count: number; p50: number | null; p95: number | null }>(
    db,
    sql`select status as outcome, count(*)::int as count,
          percentile_cont(0.5) within group (order by mean_ms) / 1000.0 as p50,
          percentile_cont(0.95) within group (order by mean_ms) / 1000.0 as p95
        from (select ${checks.status} as status, ${meanDurationSql} as mean_ms,
            ${rowChecksSince(since)} as in_window
          from (select id, status, duration_ms, repeat_duration_ms, repeats, started_at, last_started_at
            from ${checks} order by id desc limit 20000) as ${checks}
          where ${lastStartedAt} > ${since}) counted
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
