import { getTableColumns, type SQL, sql } from "drizzle-orm";
import { LIVE_EVENTS_CHANNEL, liveEventPayload } from "../alerts/outbox.repository";
import type { Database } from "../db";
import { monitors } from "../db/schema/monitors";
import { rowsOf } from "../monitors/monitors.repository";
import type { CheckPlan } from "./check-plan";
import { extendedPrices, foldedChecks } from "./check-runs";
import type { FinishedMonitor, MonitorState } from "./checks.repository";

/** One plan's row in the batch: its state (with the new snapshot's id, when it stores one). */
export interface BatchRow {
  plan: CheckPlan;
  state: MonitorState;
}

const columns = getTableColumns(monitors);

/**
 * The column set from `input.state` when the plan sets it (plans set different columns: a 304 moves only
 * the schedule), else left as it is. jsonb keeps JSON null apart from "not set".
 */
function assignment(key: string): SQL {
  const value = baselineColumns.has(key)
    ? sql`case when ${rebased} then m.${sql.identifier(columnOf(key).name)} else ${assignedValue(key)} end`
    : assignedValue(key);
  return sql`${sql.identifier(columnOf(key).name)} = ${value}`;
}

/** What a new baseline resets (monitors.service's freshBaseline), and what a check of the old one sets. */
const baselineColumns = new Set([
  "latestSnapshotId",
  "etag",
  "lastModified",
  "learnedNoise",
  "recentFingerprints",
  "bodyHash",
]);

function assignedValue(key: string): SQL {
  const column = columnOf(key);
  const value =
    column.getSQLType() === "jsonb"
      ? sql`nullif(input.state -> ${key}, 'null'::jsonb)`
      : sql`(input.state ->> ${key})::${sql.raw(column.getSQLType())}`;
  return sql`case when input.state ? ${key} then ${value} else m.${sql.identifier(column.name)} end`;
}

function columnOf(key: string) {
  const column = columns[key as keyof typeof columns];
  if (!column) throw new Error(`Unknown monitor column: ${key}`);
  return column;
}

/**
 * "Check now" was pressed while the check ran: the mark is newer than the one the check was claimed with.
 * Compared at millisecond precision, as the claimed mark went through a JavaScript Date.
 */
const askedAgain = sql`(m.manual_check_at is not null
  and (input.asked_at is null or date_trunc('milliseconds', m.manual_check_at) > input.asked_at))`;

/** A user moved the due time while the check ran (an edit, resuming, check now): theirs is kept. */
const rescheduled = sql`(date_trunc('milliseconds', m.next_check_at) <> input.due_at)`;

/**
 * An edit reset the baseline while the check ran (a new URL, scope or renderer): it is not the one the
 * check compared with or, during a first check (no baseline to clear), the monitor was edited and
 * rescheduled ("check now" edits nothing; a new name reschedules nothing).
 */
const rebased = sql`(m.latest_snapshot_id is distinct from input.baseline_id
  or (m.latest_snapshot_id is null and ${rescheduled}
    and date_trunc('milliseconds', m.updated_at) > input.edited_at))`;

/**
 * ONE statement for every plan of a batch: the monitor's state with its lease released (only while
 * `owner` still holds the lease), the check row (or its run extended), the price point (or the same
 * price's run extended) and the live event. Returns the monitors
 * finished, by their index in `rows`; a plan missing from the result lost its lease and wrote nothing.
 * A monitor whose "check now" came while its check ran is due again at once, whatever the plan says; one
 * a user rescheduled meanwhile (an edit, resuming) keeps their due time, and is checked at once when due.
 */
export async function finishChecks(
  tx: Database,
  owner: string,
  rows: readonly BatchRow[],
): Promise<Map<number, FinishedMonitor>> {
  const keys = new Set(rows.flatMap((row) => Object.keys(row.state)));
  keys.delete("nextCheckAt");
  const input = rows.map(({ plan, state }, i) => ({
    i,
    monitor_id: plan.monitorId,
    state,
    asked_at: plan.askedAt?.toISOString() ?? null,
    due_at: plan.claimed.dueAt.toISOString(),
    baseline_id: plan.claimed.baselineId,
    edited_at: plan.claimed.editedAt.toISOString(),
    started_at: plan.check.startedAt.toISOString(),
    duration_ms: plan.check.durationMs,
    status: plan.check.status,
    http_status: plan.check.httpStatus,
    error: plan.check.error,
    ignored: plan.check.ignored,
    price_at: plan.price?.at.toISOString() ?? null,
    amount: plan.price?.amount ?? null,
    currency: plan.price?.currency ?? null,
    live: liveEventPayload(plan.userId, plan.live),
  }));
  const result = await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(
        i int, monitor_id uuid, state jsonb, asked_at timestamptz, due_at timestamptz, baseline_id uuid, edited_at timestamptz,
        started_at timestamptz, duration_ms int, status text,
        http_status smallint, error text, ignored jsonb, price_at timestamptz, amount float8, currency text, live text)
    ), finished as (
      update monitors m set ${sql.join([...keys].map(assignment), sql`, `)},
        next_check_at = case when ${askedAgain} then m.manual_check_at when ${rescheduled} then m.next_check_at
          else ${assignedValue("nextCheckAt")} end,
        lease_until = null, lease_owner = null
      from input
      where m.id = input.monitor_id and m.lease_owner = ${owner}
      returning input.i, m.id, m.user_id, m.url, m.name, m.channel_ids, m.consecutive_failures, m.failing_alerted,
        (${askedAgain} or (${rescheduled} and m.next_check_at <= now())) as asked_again
    ), ${foldedChecks}, ${extendedPrices}
    select finished.*, pg_notify(${LIVE_EVENTS_CHANNEL}, input.live) is null as notified
    from finished join input on input.i = finished.i`);
  const finished = new Map<number, FinishedMonitor>();
  for (const row of rowsOf<FinishedRow>(result)) {
    finished.set(Number(row.i), {
      id: row.id,
      userId: row.user_id,
      url: row.url,
      name: row.name,
      channelIds: row.channel_ids,
      consecutiveFailures: Number(row.consecutive_failures),
      failingAlerted: row.failing_alerted,
      askedAgain: row.asked_again,
    });
  }
  return finished;
}

interface FinishedRow {
  i: number | string;
  id: string;
  user_id: string;
  url: string;
  name: string;
  channel_ids: string[];
  consecutive_failures: number | string;
  failing_alerted: boolean;
  asked_again: boolean;
}
