import type { AlertMessage, AlertType } from "@changeradar/contracts";

/** Wording shared by every channel, so an alert reads the same on Slack, email and SMS. */

const KIND_LABELS: Record<string, string> = {
  text: "Text",
  price: "Price",
  stock: "Stock",
  new_content: "New content",
  images: "Images",
  structure: "Structure",
  visual: "Visual",
};

export const ALERT_EMOJI: Record<AlertType, string> = {
  "change.detected": "🔔",
  "monitor.failing": "⚠️",
  "monitor.recovered": "✅",
  test: "🧪",
};

export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

export function kindsText(kinds: string[]): string {
  return kinds.map(kindLabel).join(", ");
}

/** A short title without emoji, e.g. "Change detected: Acme pricing". */
export function alertTitle(message: AlertMessage): string {
  const name = message.monitor.name;
  switch (message.type) {
    case "change.detected":
      return `Change detected: ${name}`;
    case "monitor.failing":
      return `Monitor failing: ${name}`;
    case "monitor.recovered":
      return `Monitor recovered: ${name}`;
    case "test":
      return `Test alert: ${name}`;
  }
}

/** One or two sentences saying what happened. */
export function alertSummary(message: AlertMessage): string {
  const { change, failure } = message;
  switch (message.type) {
    case "change.detected":
      return change?.summary ?? "The page changed.";
    case "monitor.failing":
      return failure
        ? `${failure.consecutiveFailures} checks in a row have failed since ${formatTime(failure.since)}: ${failure.reason}`
        : "Checks of this page are failing.";
    case "monitor.recovered":
      return "Checks of this page succeed again.";
    case "test":
      return `This is a test alert: your channel works. A real alert looks like this: ${change?.summary ?? "the page changed."}`;
  }
}

/** Where the main button points: the change, else the monitor in the app. */
export function primaryLink(message: AlertMessage): { url: string; label: string } {
  if (message.change) return { url: message.change.url, label: "View change" };
  return { url: monitorLink(message), label: "Open monitor" };
}

export function monitorLink(message: AlertMessage): string {
  return message.monitor.detailUrl ?? `${trimSlash(message.appUrl)}/auth/mymonitors`;
}

export function settingsLink(message: AlertMessage): string {
  return `${trimSlash(message.appUrl)}/auth/settings`;
}

export function priceText(price: { before: string | null; after: string | null }): string {
  return `${price.before ?? "—"} → ${price.after ?? "—"}`;
}

/** "2026-11-22 14:05 UTC": readable in every channel and unambiguous. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}

export interface DiffLine {
  sign: "+" | "-";
  text: string;
}

/** Removed then added lines, each side capped and each line shortened; `more` counts what was left out. */
export function diffLines(
  excerpt: { added: string[]; removed: string[] } | undefined,
  maxPerSide: number,
  maxChars: number,
): { lines: DiffLine[]; more: number } {
  if (!excerpt) return { lines: [], more: 0 };
  const side = (sign: DiffLine["sign"], lines: string[]) =>
    lines.slice(0, maxPerSide).map((line) => ({ sign, text: truncate(line, maxChars) }));
  const lines = [...side("-", excerpt.removed), ...side("+", excerpt.added)];
  return { lines, more: excerpt.removed.length + excerpt.added.length - lines.length };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
