import type { AlertMessage } from "@changeradar/contracts";
import type { OutgoingMail } from "../channels/types";
import {
  ALERT_EMOJI,
  alertSummary,
  alertTitle,
  diffLines,
  primaryLink,
  settingsLink,
  truncate,
} from "./common";
import { escapeHtml as esc } from "./escape";
import { alertFacts, type Fact } from "./facts";

const MAX_DIFF_LINES = 10;
const MAX_LINE_CHARS = 300;
const COLORS = {
  added: "#1e7b34",
  addedBg: "#e6f4ea",
  removed: "#b42318",
  removedBg: "#fdecea",
  muted: "#64748b",
};

export type RenderedEmail = Omit<OutgoingMail, "to">;

export function renderEmail(message: AlertMessage): RenderedEmail {
  return { subject: emailSubject(message), html: renderHtml(message), text: renderText(message) };
}

function emailSubject(message: AlertMessage): string {
  if (message.type === "change.detected" && message.change) {
    return truncate(`${message.monitor.name}: ${message.change.summary}`, 150);
  }
  return truncate(alertTitle(message), 150);
}

function renderText(message: AlertMessage): string {
  const link = primaryLink(message);
  const parts = [alertTitle(message), "", alertSummary(message), ""];
  for (const fact of alertFacts(message)) parts.push(`${fact.label}: ${fact.value}`);
  const diff = diffLines(message.change?.diffExcerpt, MAX_DIFF_LINES, MAX_LINE_CHARS);
  if (diff.lines.length > 0) {
    parts.push("", "Excerpt of the change:");
    for (const line of diff.lines) parts.push(`${line.sign} ${line.text}`);
    if (diff.more > 0) parts.push(`… and ${diff.more} more lines`);
  }
  parts.push("", `${link.label}: ${link.url}`, "", `Manage your alerts: ${settingsLink(message)}`);
  return `${parts.join("\n")}\n`;
}

function renderHtml(message: AlertMessage): string {
  const link = primaryLink(message);
  const factRows = alertFacts(message)
    .map((fact) => {
      const shown = factValueHtml(message, fact);
      return `<tr><td style="padding:4px 12px 4px 0;color:${COLORS.muted};white-space:nowrap">${esc(fact.label)}</td><td style="padding:4px 0">${shown}</td></tr>`;
    })
    .join("");
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(alertTitle(message))}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${ALERT_EMOJI[message.type]} ${esc(alertTitle(message))}</h1>
<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${esc(alertSummary(message))}</p>
<table role="presentation" style="font-size:14px;border-collapse:collapse;margin:0 0 16px">${factRows}</table>
${diffHtml(message)}
<p style="margin:24px 0"><a href="${esc(link.url)}" style="display:inline-block;background:#1e293b;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${esc(link.label)}</a></p>
<p style="font-size:12px;color:${COLORS.muted};margin:0">You receive this because alerts are on for ${esc(message.monitor.name)}. <a href="${esc(settingsLink(message))}" style="color:${COLORS.muted}">Manage your alerts</a>.</p>
</div></body></html>
`;
}

function factValueHtml(message: AlertMessage, fact: Fact): string {
  if (fact.key === "page")
    return `<a href="${esc(fact.value)}" style="color:#2563eb">${esc(truncate(fact.value, 80))}</a>`;
  if (fact.key === "price" && message.change?.price) return priceHtml(message.change.price);
  return esc(fact.value);
}

function priceHtml(price: { before: string | null; after: string | null }): string {
  const before = price.before === null ? "—" : `<s style="color:${COLORS.muted}">${esc(price.before)}</s>`;
  const after = price.after === null ? "—" : `<strong>${esc(price.after)}</strong>`;
  return `${before} → ${after}`;
}

function diffHtml(message: AlertMessage): string {
  const diff = diffLines(message.change?.diffExcerpt, MAX_DIFF_LINES, MAX_LINE_CHARS);
  if (diff.lines.length === 0) return "";
  const rows = diff.lines
    .map((line) => {
      const added = line.sign === "+";
      const style = `background:${added ? COLORS.addedBg : COLORS.removedBg};color:${added ? COLORS.added : COLORS.removed}`;
      return `<div style="${style};padding:4px 8px;margin:2px 0;border-radius:4px;font-family:Menlo,Consolas,monospace;font-size:13px;white-space:pre-wrap">${added ? "+" : "−"} ${esc(line.text)}</div>`;
    })
    .join("\n");
  const more =
    diff.more > 0 ? `<p style="font-size:12px;color:${COLORS.muted}">… and ${diff.more} more lines</p>` : "";
  return `<h2 style="font-size:14px;margin:16px 0 8px">Excerpt of the change</h2>\n${rows}\n${more}`;
}
