/** RFC 4180 CSV: fields with a comma, quote, CR or LF are quoted, quotes doubled, lines end with CRLF. */
export type CsvValue = string | number | boolean | null | undefined | Date;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = value instanceof Date ? value.toISOString() : String(value);
  // A leading = + - @ would be run as a formula by spreadsheet apps (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === "string" ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map(csvRow).join("");
}
