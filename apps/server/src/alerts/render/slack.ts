import type { AlertMessage } from "@changeradar/contracts";
import {
  ALERT_EMOJI,
  alertSummary,
  alertTitle,
  diffLines,
  formatTime,
  primaryLink,
  truncate,
} from "./common";
import { escapeSlack, fenceSafe, slackLink } from "./escape";
import { alertFacts } from "./facts";

/** A Slack incoming-webhook body: Block Kit blocks plus the `text` fallback for notifications. */
export interface SlackPayload {
  text: string;
  blocks: Record<string, unknown>[];
}

/** Verbatim: Slack does not turn URLs, #channels or @names in page text into links or mentions. */
const mrkdwn = (text: string) => ({ type: "mrkdwn", text, verbatim: true });

export function renderSlack(message: AlertMessage): SlackPayload {
  const link = primaryLink(message);
  const title = `${ALERT_EMOJI[message.type]} ${alertTitle(message)}`;
  const blocks: Record<string, unknown>[] = [
    { type: "header", text: { type: "plain_text", text: truncate(title, 150), emoji: true } },
    { type: "section", text: mrkdwn(truncate(escapeSlack(alertSummary(message)), 3000)) },
    { type: "section", fields: fields(message) },
  ];
  const diff = diffBlock(message);
  if (diff) blocks.push(diff);
  blocks.push(
    {
      type: "actions",
      elements: [
        { type: "button", text: { type: "plain_text", text: link.label }, url: link.url, style: "primary" },
      ],
    },
    { type: "context", elements: [mrkdwn(`ChangeRadar · ${escapeSlack(formatTime(message.occurredAt))}`)] },
  );
  const fallback = `${title}: ${alertSummary(message)}`;
  return { text: truncate(escapeSlack(fallback), 3000), blocks };
}

function fields(message: AlertMessage): { type: string; text: string }[] {
  return alertFacts(message).map((fact) => {
    const value =
      fact.key === "page"
        ? slackLink(fact.value, truncate(message.monitor.name, 200))
        : escapeSlack(fact.value);
    return mrkdwn(`*${fact.label}*\n${truncate(value, 1900)}`);
  });
}

function diffBlock(message: AlertMessage): Record<string, unknown> | null {
  const diff = diffLines(message.change?.diffExcerpt, 5, 200);
  if (diff.lines.length === 0) return null;
  const lines = diff.lines.map((line) => `${line.sign} ${fenceSafe(escapeSlack(line.text))}`);
  if (diff.more > 0) lines.push(`… and ${diff.more} more lines`);
  return { type: "section", text: mrkdwn(truncate(`\`\`\`${lines.join("\n")}\`\`\``, 3000)) };
}
