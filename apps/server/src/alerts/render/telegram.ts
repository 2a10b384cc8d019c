import type { AlertMessage } from "@changeradar/contracts";
import { ALERT_EMOJI, alertSummary, alertTitle, diffLines, primaryLink } from "./common";
import { escapeTelegramHtml as esc } from "./escape";
import { alertFacts } from "./facts";

const TELEGRAM_MAX_CHARS = 4096;

/** The `text` of a Telegram sendMessage call in HTML parse mode. */
export function renderTelegramText(message: AlertMessage): string {
  const link = primaryLink(message);
  const head = [
    `<b>${esc(`${ALERT_EMOJI[message.type]} ${alertTitle(message)}`)}</b>`,
    esc(alertSummary(message)),
    "",
  ];
  for (const fact of alertFacts(message)) head.push(`<b>${esc(fact.label)}:</b> ${esc(fact.value)}`);
  const tail = ["", `<a href="${esc(link.url)}">${esc(link.label)}</a>`];
  const budget = TELEGRAM_MAX_CHARS - [...head, ...tail].join("\n").length - 20;
  const diff = diffBlock(message, budget);
  return [...head, ...(diff ? ["", diff] : []), ...tail].join("\n").slice(0, TELEGRAM_MAX_CHARS);
}

/** The diff as a <pre> block, dropping whole lines (never cutting an entity) to fit the budget. */
function diffBlock(message: AlertMessage, budget: number): string | null {
  const diff = diffLines(message.change?.diffExcerpt, 8, 200);
  const lines: string[] = [];
  let used = "<pre></pre>".length;
  for (const line of diff.lines) {
    const escaped = esc(`${line.sign} ${line.text}`);
    if (used + escaped.length + 1 > budget) break;
    lines.push(escaped);
    used += escaped.length + 1;
  }
  return lines.length > 0 ? `<pre>${lines.join("\n")}</pre>` : null;
}
