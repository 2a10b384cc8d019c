import { type CsvValue, toCsv } from "./csv";

/** What a change row of a CSV export carries (the report's range, or a whole account). */
export interface ChangeCsvRow {
  id?: string;
  monitorId?: string;
  detectedAt: Date;
  monitorName: string;
  url: string;
  kinds: readonly string[];
  significance: CsvValue;
  summary: string;
  priceBefore: CsvValue;
  priceAfter: CsvValue;
  currency: CsvValue;
}

const columns = [
  "detected_at",
  "monitor",
  "url",
  "kinds",
  "significance",
  "summary",
  "price_before",
  "price_after",
  "currency",
] as const;

/** Changes as CSV, one row each; `withIds` adds the change's and the monitor's ids (the account export). */
export function changesCsv(rows: readonly ChangeCsvRow[], options: { withIds?: boolean } = {}): string {
  const facts = (row: ChangeCsvRow): CsvValue[] => [
    row.detectedAt,
    row.monitorName,
    row.url,
    row.kinds.join(" "),
    row.significance,
    row.summary,
    row.priceBefore,
    row.priceAfter,
    row.currency,
  ];
  if (!options.withIds) return toCsv(columns, rows.map(facts));
  return toCsv(
    ["change_id", columns[0], "monitor_id", ...columns.slice(1)],
    rows.map((row) => {
      const [detectedAt, ...rest] = facts(row);
      return [row.id, detectedAt, row.monitorId, ...rest];
    }),
  );
}
