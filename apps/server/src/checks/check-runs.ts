import { sql } from "drizzle-orm";

/**
 * The parts of finishChecks' statement that write the check row and the price point (CTEs over its
 * `input` and `finished`). A batch holds at most one check per monitor (its lease), so each plan sees its
 * monitor's rows as they were before the statement.
 */

/**
 * An unchanged check like the monitor's latest check row (same status and HTTP status, no error, the
 * same ignored noise, the same UTC day as the run's start) extends that row's run in place; any other
 * check is a row of its own. The run's columns are in no index: the update is heap-only.
 */
export const foldedChecks = sql`run as (
      select input.i, latest.id
      from input join finished on finished.i = input.i
      cross join lateral (select c.id, c.status, c.http_status, c.error, c.ignored, c.started_at from checks c
        where c.monitor_id = input.monitor_id order by c.started_at desc limit 1) latest
      where input.status in ('unchanged', 'not_modified') and input.error is null and latest.error is null
        and latest.status = input.status and latest.http_status is not distinct from input.http_status
        and latest.ignored is not distinct from nullif(input.ignored, 'null'::jsonb)
        and (latest.started_at at time zone 'UTC')::date = (input.started_at at time zone 'UTC')::date
    ), folded as (
      update checks c set repeats = c.repeats + 1,
        last_started_at = greatest(coalesce(c.last_started_at, c.started_at), input.started_at),
        repeat_duration_ms = c.repeat_duration_ms + input.duration_ms
      from run join input on input.i = run.i
      where c.id = run.id
    ), recorded as (
      insert into checks (monitor_id, started_at, duration_ms, status, http_status, error, ignored)
      select input.monitor_id, input.started_at, input.duration_ms, input.status, input.http_status, input.error,
        nullif(input.ignored, 'null'::jsonb)
      from input join finished on finished.i = input.i
      where not exists (select 1 from run where run.i = input.i)
    )`;

/**
 * A price equal (amount and currency) to the monitor's latest point moves that point's `last_seen_at`;
 * only a price that moved is a new point. A chart still shows each price from when it was first seen
 * to when it was last seen (price-runs.ts).
 */
export const extendedPrices = sql`same_price as (
      select input.i, latest.id
      from input join finished on finished.i = input.i
      cross join lateral (select p.id, p.amount, p.currency from price_points p
        where p.monitor_id = input.monitor_id order by p.at desc limit 1) latest
      where input.amount is not null and latest.amount = input.amount
        and latest.currency is not distinct from input.currency
    ), price_seen as (
      update price_points p set last_seen_at = greatest(coalesce(p.last_seen_at, p.at), input.price_at)
      from same_price join input on input.i = same_price.i
      where p.id = same_price.id
    ), priced as (
      insert into price_points (monitor_id, at, amount, currency)
      select input.monitor_id, input.price_at, input.amount, input.currency
      from input join finished on finished.i = input.i
      where input.amount is not null and not exists (select 1 from same_price where same_price.i = input.i)
    )`;
