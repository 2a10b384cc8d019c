/** The readable (non-JSON) output of `changeradar diff`. */
import { type ChangeResult, formatPrice, onlyChanges } from "../compare";

const MAX_TEXT_LINES = 40;
const MAX_LIST = 10;

function list<T>(title: string, values: readonly T[], show: (value: T) => string): string[] {
  if (values.length === 0) return [];
  const shown = values.slice(0, MAX_LIST).map((value) => `  ${show(value)}`);
  const more = values.length > MAX_LIST ? [`  … and ${values.length - MAX_LIST} more`] : [];
  return [`${title} (${values.length}):`, ...shown, ...more];
}

function textLines(result: ChangeResult): string[] {
  const changes = onlyChanges(result.diffs.text);
  if (changes.length === 0) return [];
  const lines = changes.slice(0, MAX_TEXT_LINES).flatMap((entry) => {
    if (entry.op === "add") return [`  + ${entry.after}`];
    if (entry.op === "remove") return [`  - ${entry.before}`];
    return [`  - ${entry.before}`, `  + ${entry.after}`];
  });
  const more =
    changes.length > MAX_TEXT_LINES ? [`  … and ${changes.length - MAX_TEXT_LINES} more changed lines`] : [];
  return ["Text:", ...lines, ...more];
}

export function formatDiff(result: ChangeResult): string {
  const { diffs } = result;
  const out = [
    result.changed
      ? `Changed (significance ${result.significance}): ${result.summary}`
      : `No change: ${result.summary}`,
  ];
  if (result.changed) out.push(`Kinds: ${result.kinds.join(", ")}`);
  if (diffs.price) {
    const show = (price: typeof diffs.price.before) => (price ? formatPrice(price) : "none");
    const percent =
      diffs.price.percent === null ? "" : ` (${diffs.price.percent > 0 ? "+" : ""}${diffs.price.percent}%)`;
    out.push(`Price: ${show(diffs.price.before)} → ${show(diffs.price.after)}${percent}`);
  }
  if (diffs.availability)
    out.push(`Availability: ${diffs.availability.before} → ${diffs.availability.after}`);
  out.push(
    ...list("New items", diffs.items.added, (item) => `${item.title}${item.url ? `  <${item.url}>` : ""}`),
  );
  out.push(...list("Removed items", diffs.items.removed, (item) => item.title));
  out.push(...list("New images", diffs.images.added, (url) => url));
  out.push(...list("Removed images", diffs.images.removed, (url) => url));
  if (diffs.structure.added.length + diffs.structure.removed.length > 0) {
    out.push(
      `Layout: ${diffs.structure.added.length} element paths added, ${diffs.structure.removed.length} removed`,
    );
  }
  out.push(...textLines(result));
  if (result.ai) out.push(`AI: ${result.ai.important ? "important" : "not important"} — ${result.ai.reason}`);
  return `${out.join("\n")}\n`;
}
