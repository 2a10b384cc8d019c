import { unzipSync } from "fflate";
import { carriedOperations, changedetectionSteps } from "./changedetection-steps";
import { type ImportEntry, isRecord, text, unreadableFile } from "./import-entry";

const FORMAT = "a changedetection.io backup";
/** url-watches.json is the index; the snapshots beside it in the zip are not read. */
const MAX_INDEX_BYTES = 20 * 1024 * 1024;

/** The index of a changedetection.io backup zip (its url-watches.json), refusing oversized entries before inflating. */
export function changedetectionIndex(zip: Uint8Array): string {
  let tooLarge = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        if (!/(^|\/)url-watches\.json$/.test(file.name)) return false;
        if (file.originalSize > MAX_INDEX_BYTES) tooLarge = true;
        return !tooLarge;
      },
    });
  } catch (error) {
    throw unreadableFile(FORMAT, `not a zip file (${error instanceof Error ? error.message : error})`);
  }
  if (tooLarge) throw unreadableFile(FORMAT, "url-watches.json is larger than 20 MB");
  const index = Object.values(files)[0];
  if (!index) throw unreadableFile(FORMAT, "the zip has no url-watches.json");
  return new TextDecoder().decode(index);
}

/**
 * changedetection.io's url-watches.json: `watching` maps each watch's uuid to its settings (`url`,
 * `title`, `tags` as tag uuids resolved through `settings.application.tags`, or the older comma-separated
 * `tag`, `paused`, `fetch_backend`, `include_filters`, `ignore_text`, `time_between_check`, `processor`…).
 */
export function parseChangedetection(json: string): ImportEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw unreadableFile(FORMAT, error instanceof Error ? error.message : String(error));
  }
  if (!isRecord(data) || !isRecord(data.watching)) throw unreadableFile(FORMAT, 'it has no "watching" list');
  const settings = isRecord(data.settings) ? data.settings : {};
  const application = isRecord(settings.application) ? settings.application : {};
  const tagTitles = isRecord(application.tags) ? application.tags : {};
  const requests = isRecord(settings.requests) ? settings.requests : {};
  const defaultInterval = intervalSeconds(requests.time_between_check);
  return Object.values(data.watching)
    .filter(isRecord)
    .map((watch) => readWatch(watch, tagTitles, defaultInterval));
}

function readWatch(
  watch: Record<string, unknown>,
  tagTitles: Record<string, unknown>,
  defaultInterval: number | undefined,
): ImportEntry {
  const entry: ImportEntry = {
    url: text(watch.url) ?? "",
    name: text(watch.title),
    tags: tagsOf(watch, tagTitles),
    paused: watch.paused === true,
    intervalSeconds: intervalSeconds(watch.time_between_check) ?? defaultInterval,
    notes: [],
  };
  const method = (text(watch.method) ?? "GET").toUpperCase();
  if (method !== "GET" || text(watch.body)) {
    entry.unsupported = `It sends a ${method} request with a body; ChangeRadar checks pages with GET.`;
    return entry;
  }
  if (text(watch.fetch_backend) === "html_webdriver") entry.renderJs = true;
  if (watch.processor === "restock_diff") entry.watch = ["price", "stock"];
  const filters = strings(watch.include_filters).map((f) => f.replace(/^xpath1?:/, ""));
  if (filters.length > 0) entry.selector = filters[0];
  if (filters.length > 1)
    entry.notes.push(`Only the first filter is kept; ${filters.length - 1} more not carried over.`);
  entry.ignore = strings(watch.ignore_text);
  const noted: [unknown, string][] = [
    [watch.subtractive_selectors, "Removed elements (subtractive selectors) are not carried over."],
    [watch.trigger_text, "Trigger text is not carried over."],
    [watch.text_should_not_be_present, "“Text should not be present” is not carried over."],
    [watch.extract_text, "Extracted text patterns are not carried over."],
    [watch.notification_urls, "Notification URLs are not carried over: add alert channels here."],
  ];
  for (const [value, note] of noted) if (strings(value).length > 0) entry.notes.push(note);
  if (isRecord(watch.headers) && Object.keys(watch.headers).length > 0)
    entry.notes.push("Custom request headers are not carried over.");
  const { steps, unmapped } = changedetectionSteps(watch.browser_steps, entry.url);
  if (unmapped.length > 0) {
    // Half a login is worse than none: the steps come over whole or not at all.
    entry.notes.push(
      `Browser steps are not carried over: ${unmapped.join(", ")} ${unmapped.length === 1 ? "has" : "have"} no equivalent here (${carriedOperations} do). Record them again under Browser steps.`,
    );
  } else if (steps.length > 0) {
    entry.browserSteps = steps;
  }
  return entry;
}

function tagsOf(watch: Record<string, unknown>, titles: Record<string, unknown>): string[] {
  const fromUuids = strings(watch.tags).map((uuid) => {
    const tag = titles[uuid];
    return (isRecord(tag) && text(tag.title)) || uuid;
  });
  const fromText = (text(watch.tag) ?? "").split(",").map((tag) => tag.trim());
  return [...new Set([...fromUuids, ...fromText].filter(Boolean))];
}

/** `{weeks, days, hours, minutes, seconds}`, each possibly null; all null means "the default". */
function intervalSeconds(value: unknown): number | undefined {
  if (!isRecord(value)) return undefined;
  const units = { weeks: 604_800, days: 86_400, hours: 3600, minutes: 60, seconds: 1 };
  let total = 0;
  for (const [unit, seconds] of Object.entries(units)) {
    const n = Number(value[unit] ?? 0);
    if (Number.isFinite(n) && n > 0) total += n * seconds;
  }
  return total > 0 ? total : undefined;
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return value.trim() ? [value.trim()] : [];
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === "string" && v.trim() !== "").map((v) => v.trim());
}
