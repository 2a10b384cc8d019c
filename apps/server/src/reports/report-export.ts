import type { AuthUser } from "@changeradar/contracts";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { changesCsv } from "./changes-csv";
import * as repo from "./reports.repository";
import { type ReportQuery, scopeFor } from "./reports.service";

const MAX_ROWS = 50_000;

/** GET /reports/export.csv: the changes of the report's range, one row each, newest first. */
export async function exportChangesCsv(
  deps: { db: Database; clock: Clock },
  user: AuthUser,
  query: ReportQuery,
): Promise<{ filename: string; csv: string }> {
  const { scope, days } = await scopeFor(deps.db, user, query, deps.clock.now());
  const rows = await repo.changesInRange(deps.db, scope, MAX_ROWS);
  const csv = changesCsv(rows);
  return { filename: `changeradar-changes-${days[0]}-to-${days[days.length - 1]}.csv`, csv };
}
