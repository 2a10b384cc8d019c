import { type SQL, sql } from "drizzle-orm";
import { checks } from "../db/schema/checks";

/** Reading check rows as checks: a row is one check, or a run of 1 + `repeats` identical ones. */

/** How many checks the rows stand for. */
export const checksCounted = sql<number>`coalesce(sum(1 + ${checks.repeats}), 0)`.mapWith(Number);

/** Failed checks: an error is never folded into a run, so each is one row. */
export const errorsCounted = sql<number>`count(*) filter (where ${checks.status} = 'error')`.mapWith(Number);

/** When the row's last check started (a run's last, else its only one). */
export const lastStartedAt = sql<Date>`coalesce(${checks.lastStartedAt}, ${checks.startedAt})`.mapWith(
  checks.startedAt,
);

/**
 * How many of a row's checks started at or after `since`, for a row whose last check did (see
 * `lastStartedAt`). A run that began before `since` counts the checks after it as evenly spaced over the
 * run (they are: one monitor, one frequency, one day), and at least its last.
 */
export function rowChecksSince(since: SQL): SQL<number> {
  return sql<number>`case when ${checks.startedAt} >= ${since} then 1 + ${checks.repeats}
    else least(${checks.repeats}, 1 + floor(${checks.repeats}
      * extract(epoch from ${checks.lastStartedAt} - ${since})
      / extract(epoch from ${checks.lastStartedAt} - ${checks.startedAt}))::int) end`;
}

/** How many of the rows' checks started at or after `since`, over rows whose last check did. */
export function checksSince(since: Date): SQL<number> {
  const at = sql`${since.toISOString()}::timestamptz`;
  return sql<number>`coalesce(sum(${rowChecksSince(at)}), 0)`.mapWith(Number);
}

/** The mean duration of a row's checks, in ms, in SQL (`meanDurationMs` below for a row read). */
export const meanDurationSql = sql<number>`(${checks.durationMs} + ${checks.repeatDurationMs})::float8
  / (1 + ${checks.repeats})`;

/** The mean duration of a row's checks, in ms. */
export function meanDurationMs(row: {
  durationMs: number;
  repeats: number;
  repeatDurationMs: number;
}): number {
  return Math.round((row.durationMs + row.repeatDurationMs) / (1 + row.repeats));
}
