import type { DigestItem, DigestPayload } from "@changeradar/contracts";
import { kindsText, truncate } from "../render/common";
import { escapeHtml as esc } from "../render/escape";

const MAX_ITEMS = 100;

export interface DigestEmail {
  subject: string;
  html: string;
  text: string;
}

/** One email summarising a day's changes, grouped by monitor. */
export function renderDigestEmail(payload: DigestPayload, appUrl: string): DigestEmail {
  const shown = payload.items.slice(0, MAX_ITEMS);
  const more = payload.items.length - shown.length;
  const count = payload.items.length;
  const subject = `Your ChangeRadar digest: ${count} ${count === 1 ? "change" : "changes"} (${payload.day})`;
  const groups = groupByMonitor(shown);
  const settings = `${appUrl}/auth/settings`;

  const text = [
    subject,
    "",
    ...[...groups].flatMap(([name, items]) => [
      name,
      ...items.map(
        (item) => `  - ${item.summary} (${kindsText(item.kinds)}, ${item.detectedAt}) ${item.link}`,
      ),
      "",
    ]),
    ...(more > 0 ? [`… and ${more} more changes in the app.`, ""] : []),
    `Switch to immediate alerts or change the digest hour: ${settings}`,
    "",
  ].join("\n");

  const sections = [...groups]
    .map(([name, items]) => {
      const rows = items
        .map(
          (item) =>
            `<li style="margin:0 0 8px"><a href="${esc(item.link)}" style="color:#2563eb">${esc(truncate(item.summary, 200))}</a><br><span style="color:#64748b;font-size:12px">${esc(kindsText(item.kinds))} · ${esc(item.detectedAt.slice(0, 16).replace("T", " "))} UTC</span></li>`,
        )
        .join("");
      return `<h2 style="font-size:16px;margin:16px 0 8px">${esc(name)}</h2><ul style="padding-left:20px;margin:0">${rows}</ul>`;
    })
    .join("\n");
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${esc(subject)}</h1>
${sections}
${more > 0 ? `<p>… and ${more} more changes in the app.</p>` : ""}
<p style="font-size:12px;color:#64748b;margin:24px 0 0"><a href="${esc(settings)}" style="color:#64748b">Switch to immediate alerts or change the digest hour</a>.</p>
</div></body></html>
`;
  return { subject, html, text };
}

function groupByMonitor(items: readonly DigestItem[]): Map<string, DigestItem[]> {
  const groups = new Map<string, DigestItem[]>();
  for (const item of items) {
    const list = groups.get(item.monitorName) ?? [];
    list.push(item);
    groups.set(item.monitorName, list);
  }
  return groups;
}
