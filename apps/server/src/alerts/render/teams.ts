import type { AlertMessage } from "@changeradar/contracts";
import { ALERT_EMOJI, alertSummary, alertTitle, diffLines, formatTime, primaryLink } from "./common";
import { escapeTeamsMarkdown as md } from "./escape";
import { alertFacts } from "./facts";

/** A Teams incoming-webhook (or Workflows) message carrying one Adaptive Card. */
export function renderTeams(message: AlertMessage) {
  const link = primaryLink(message);
  const body: Record<string, unknown>[] = [
    {
      type: "TextBlock",
      text: `${ALERT_EMOJI[message.type]} ${md(alertTitle(message))}`,
      size: "Large",
      weight: "Bolder",
      wrap: true,
    },
    { type: "TextBlock", text: md(alertSummary(message)), wrap: true },
    { type: "FactSet", facts: facts(message) },
  ];
  const diff = diffLines(message.change?.diffExcerpt, 5, 200);
  if (diff.lines.length > 0) {
    body.push({
      type: "Container",
      items: diff.lines.map((line) => ({
        type: "TextBlock",
        text: md(`${line.sign} ${line.text}`),
        color: line.sign === "+" ? "Good" : "Attention",
        fontType: "Monospace",
        wrap: true,
        spacing: "None",
      })),
    });
  }
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body,
          actions: [{ type: "Action.OpenUrl", title: link.label, url: link.url }],
          msteams: { width: "Full" },
        },
      },
    ],
  };
}

function facts(message: AlertMessage): { title: string; value: string }[] {
  // Page text, names and URLs are escaped: Teams renders Markdown in facts too.
  const list = alertFacts(message).map((fact) => ({ title: fact.label, value: md(fact.value) }));
  list.push({ title: "When", value: md(formatTime(message.occurredAt)) });
  return list;
}
