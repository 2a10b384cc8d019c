import { type ImportEntry, isRecord, text, unreadableFile } from "./import-entry";

const FORMAT = "a Distill export";

/**
 * Distill's JSON export: `{ client, data: [monitor…] }`. Each monitor has `name`, `uri`, `tags`, and
 * `config` and `schedule` as JSON (strings in the export): `config.selections[].frames[].includes[]`
 * hold `{ type: "css" | "xpath", expr }`, `selections[].dynamic` means the page needs JavaScript;
 * `schedule` is `{ type: "INTERVAL", params: { interval: seconds } }` (or LIVE, RANDOM, SLOTS…).
 */
export function parseDistill(json: string): ImportEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw unreadableFile(FORMAT, error instanceof Error ? error.message : String(error));
  }
  const monitors = Array.isArray(data) ? data : isRecord(data) ? data.data : undefined;
  if (!Array.isArray(monitors)) throw unreadableFile(FORMAT, 'it has no "data" list of monitors');
  return monitors.filter(isRecord).map(readMonitor);
}

function readMonitor(monitor: Record<string, unknown>): ImportEntry {
  const entry: ImportEntry = {
    url: text(monitor.uri) ?? text(monitor.url) ?? "",
    name: text(monitor.name),
    tags: (text(monitor.tags) ?? "")
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    notes: [],
  };
  const config = embedded(monitor.config);
  const selections = Array.isArray(config.selections) ? config.selections.filter(isRecord) : [];
  const includes: string[] = [];
  let excludes = 0;
  for (const selection of selections) {
    if (selection.dynamic === true) entry.renderJs = true;
    for (const frame of Array.isArray(selection.frames) ? selection.frames.filter(isRecord) : []) {
      for (const include of Array.isArray(frame.includes) ? frame.includes.filter(isRecord) : []) {
        const expr = text(include.expr);
        if (expr && (include.type === "css" || include.type === "xpath")) includes.push(expr);
      }
      excludes += Array.isArray(frame.excludes) ? frame.excludes.length : 0;
    }
  }
  if (includes.length > 0) entry.selector = includes[0];
  if (includes.length > 1)
    entry.notes.push(`Only the first selection is kept; ${includes.length - 1} more not carried over.`);
  if (excludes > 0) entry.notes.push("Excluded regions are not carried over.");
  if (monitor.macro_id || config.macro)
    entry.notes.push(
      "Its macro (steps run before the check, such as a login) is not carried over: the export names the macro but does not hold its steps. Record them again under Browser steps.",
    );
  const schedule = embedded(monitor.schedule);
  const params = isRecord(schedule.params) ? schedule.params : {};
  const interval = Number(params.interval);
  if (schedule.type === "INTERVAL" && Number.isFinite(interval) && interval > 0) {
    entry.intervalSeconds = interval;
  } else if (typeof schedule.type === "string") {
    entry.notes.push(
      `Distill's ${schedule.type} schedule is not carried over; the chosen frequency applies.`,
    );
  }
  return entry;
}

/** Distill stores nested objects as JSON strings. */
function embedded(value: unknown): Record<string, unknown> {
  if (isRecord(value)) return value;
  if (typeof value !== "string") return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
