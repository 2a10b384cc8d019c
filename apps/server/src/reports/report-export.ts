import type { UserContext } from "../entitlements";
import { changesCsv } from "./changes-csv";
import * as repo from "./reports.repository";
import { type ReportQuery, scopeFor } from "./reports.service";

const MAX_ROWS = 50_000;

/** GET /reports/export.csv: the changes of the report's range, one row each, newest first. */
export async function exportChangesCsv(
  ctx: UserContext<"db" | "clock">,
  query: ReportQuery,
): Promise<{ filename: string; csv: string }> {
  const { scope, days } = await scopeFor(ctx, query);
  const rows = await repo.changesInRange(ctx.db, scope, MAX_ROWS);
  const csv = changesCsv(rows);
  return { filename: `changeradar-changes-${days[0]}-to-${days[days.length - 1]}.csv`, csv };
}
