import { parse } from "csv-parse/sync";
import { type ImportEntry, unreadableFile } from "./import-entry";

/** One URL per line; blank lines and lines starting with # are skipped. */
export function parseUrlList(content: string): ImportEntry[] {
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((url) => ({ url, notes: [] }));
}

const URL_HEADERS = new Set(["url", "uri", "link", "address", "website", "page"]);
const NAME_HEADERS = new Set(["name", "title", "label"]);
const TAG_HEADERS = new Set(["tags", "tag", "labels", "group"]);

/**
 * A CSV (RFC 4180) of URLs. With a header row naming a url column, the name and tags columns are read
 * too (tags separated by ";" or ","); without one, the first column is the URL and the second its name.
 */
export function parseUrlCsv(content: string): ImportEntry[] {
  let rows: string[][];
  try {
    rows = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw unreadableFile("CSV", error instanceof Error ? error.message : String(error));
  }
  if (rows.length === 0) return [];
  const header = rows[0].map((cell) => cell.toLowerCase());
  const urlColumn = header.findIndex((cell) => URL_HEADERS.has(cell));
  const hasHeader = urlColumn >= 0;
  const column = (names: Set<string>, fallback: number) => {
    const found = header.findIndex((cell) => names.has(cell));
    return hasHeader ? found : fallback;
  };
  const nameColumn = column(NAME_HEADERS, 1);
  const tagColumn = column(TAG_HEADERS, -1);
  return rows
    .slice(hasHeader ? 1 : 0)
    .filter((row) => !row[0]?.startsWith("#"))
    .map((row) => ({
      url: row[hasHeader ? urlColumn : 0] ?? "",
      name: nameColumn >= 0 ? row[nameColumn] || undefined : undefined,
      tags:
        tagColumn >= 0
          ? (row[tagColumn] ?? "")
              .split(/[;,]/)
              .map((tag) => tag.trim())
              .filter(Boolean)
          : undefined,
      notes: [],
    }))
    .filter((entry) => entry.url !== "");
}
