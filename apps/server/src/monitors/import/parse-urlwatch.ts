import { parseAllDocuments } from "yaml";
import { type ImportEntry, isRecord, text, unreadableFile } from "./import-entry";

/** urlwatch filters that only reformat what ChangeRadar reads anyway (the page's visible text). */
const HARMLESS_FILTERS = new Set([
  "html2text",
  "strip",
  "beautify",
  "pretty-xml",
  "format-xml",
  "format-json",
]);

/**
 * urlwatch's `urls.yaml`: one job per YAML document (separated by `---`). A job has `url` (or the older
 * `navigate`, which renders the page in a browser), `name`, `filter` (a comma list such as
 * `css:.price,html2text`, or a list of filters, each a name or a `{name: argument}` map), `headers`,
 * `method`/`data`, `enabled`, `kind` (url, browser, shell) and `command` for shell jobs.
 */
export function parseUrlwatch(content: string): ImportEntry[] {
  const entries: ImportEntry[] = [];
  for (const doc of parseAllDocuments(content, { uniqueKeys: false })) {
    if (doc.errors.length > 0) throw unreadableFile("a urlwatch urls.yaml", doc.errors[0].message);
    const job: unknown = doc.toJS({ maxAliasCount: 100 });
    if (job === null || job === undefined) continue;
    if (!isRecord(job)) throw unreadableFile("a urlwatch urls.yaml", "each job must be a YAML mapping");
    entries.push(readJob(job));
  }
  return entries;
}

function readJob(job: Record<string, unknown>): ImportEntry {
  const command = text(job.command);
  const navigate = text(job.navigate);
  const url = text(job.url) ?? navigate ?? command ?? "";
  const entry: ImportEntry = { url, name: text(job.name), notes: [] };
  if (command || job.kind === "shell") {
    entry.unsupported =
      "It runs a command on your computer (a urlwatch shell job); ChangeRadar watches web pages.";
    return entry;
  }
  const method = (text(job.method) ?? (job.data !== undefined ? "POST" : "GET")).toUpperCase();
  if (method !== "GET") {
    entry.unsupported = `It sends a ${method} request with data; ChangeRadar checks pages with GET.`;
    return entry;
  }
  if (navigate || job.use_browser === true || job.kind === "browser") entry.renderJs = true;
  if (job.enabled === false) entry.paused = true;
  if (job.headers !== undefined) entry.notes.push("Custom request headers are not carried over.");
  if (job.cookies !== undefined) entry.notes.push("Cookies are not carried over.");
  if (job.diff_filter !== undefined) entry.notes.push("diff_filter is not carried over.");
  readFilters(job.filter, entry);
  return entry;
}

function readFilters(filter: unknown, entry: ImportEntry): void {
  for (const [name, argument] of filterSteps(filter)) {
    if (HARMLESS_FILTERS.has(name)) continue;
    const selector = selectorOf(name, argument);
    if (selector === undefined) {
      entry.notes.push(`The filter "${name}" is not carried over: ChangeRadar has no equivalent.`);
    } else if (entry.selector) {
      entry.notes.push(`Only the first selector is kept; "${selector}" is not carried over.`);
    } else {
      entry.selector = selector;
    }
  }
}

/** The filter chain as [name, argument] pairs, from either of urlwatch's two spellings. */
function filterSteps(filter: unknown): [string, unknown][] {
  if (typeof filter === "string") {
    return filter
      .split(",")
      .map((step) => step.trim())
      .filter(Boolean)
      .map((step) => {
        const colon = step.indexOf(":");
        return colon < 0 ? [step, undefined] : [step.slice(0, colon).trim(), step.slice(colon + 1).trim()];
      });
  }
  if (!Array.isArray(filter)) return [];
  return filter.flatMap((step): [string, unknown][] => {
    if (typeof step === "string") return [[step.trim(), undefined]];
    return isRecord(step) ? Object.entries(step) : [];
  });
}

function selectorOf(name: string, argument: unknown): string | undefined {
  const value = isRecord(argument) ? (argument.selector ?? argument.path) : argument;
  const given = text(value);
  if (!given) return undefined;
  switch (name) {
    case "css":
    case "xpath":
      return given;
    case "element-by-id":
      return `#${given}`;
    case "element-by-class":
      return `.${given}`;
    case "element-by-tag":
      return given;
    default:
      return undefined;
  }
}
