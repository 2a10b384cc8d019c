import type { AlertMessage, AlertType } from "@changeradar/contracts";
import { alertSummary, alertTitle, diffLines, priceText, primaryLink, truncate } from "./common";

/** ntfy priorities: 3 default, 4 high. */
const PRIORITIES: Record<AlertType, number> = {
  "change.detected": 3,
  "monitor.failing": 4,
  "monitor.recovered": 3,
  test: 3,
};

/** ntfy renders these tag names as emoji. */
const TAGS: Record<AlertType, string[]> = {
  "change.detected": ["bell"],
  "monitor.failing": ["warning"],
  "monitor.recovered": ["white_check_mark"],
  test: ["test_tube"],
};

export interface NtfyNotification {
  title: string;
  body: string;
  priority: number;
  tags: string[];
  click: string;
}

export function renderNtfy(message: AlertMessage): NtfyNotification {
  const significant = message.type === "change.detected" && (message.change?.significance ?? 0) >= 70;
  const lines = [alertSummary(message)];
  const { change } = message;
  if (change?.price) lines.push(`Price: ${priceText(change.price)}`);
  const diff = diffLines(change?.diffExcerpt, 3, 120);
  for (const line of diff.lines) lines.push(`${line.sign} ${line.text}`);
  lines.push(message.monitor.url);
  return {
    title: truncate(alertTitle(message), 200),
    body: truncate(lines.join("\n"), 3800),
    priority: significant ? 4 : PRIORITIES[message.type],
    tags: TAGS[message.type],
    click: primaryLink(message).url,
  };
}
