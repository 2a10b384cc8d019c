import type { AlertMessage, AlertType } from "@changeradar/contracts";
import { ALERT_EMOJI, alertSummary, alertTitle, diffLines, primaryLink, truncate } from "./common";
import { fenceSafe, escapeDiscordMarkdown as md } from "./escape";
import { alertFacts } from "./facts";

const EMBED_COLORS: Record<AlertType, number> = {
  "change.detected": 0x2563eb,
  "monitor.failing": 0xdc2626,
  "monitor.recovered": 0x16a34a,
  test: 0x7c3aed,
};

interface EmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

/** A Discord webhook body: one embed; mentions disabled so page text can never ping anyone. */
export function renderDiscord(message: AlertMessage) {
  const link = primaryLink(message);
  const description = `${md(alertSummary(message))}\n\n[${link.label}](${link.url})`;
  return {
    username: "ChangeRadar",
    embeds: [
      {
        title: truncate(`${ALERT_EMOJI[message.type]} ${alertTitle(message)}`, 256),
        url: link.url,
        description: truncate(description, 4096),
        color: EMBED_COLORS[message.type],
        fields: embedFields(message),
        timestamp: message.occurredAt,
        footer: { text: "ChangeRadar" },
      },
    ],
    allowed_mentions: { parse: [] as string[] },
  };
}

function embedFields(message: AlertMessage): EmbedField[] {
  const fields: EmbedField[] = alertFacts(message).map((fact) => ({
    name: fact.label,
    value: truncate(fact.key === "page" ? fact.value : md(fact.value), 1024),
    inline: fact.key !== "page",
  }));
  const diff = diffLines(message.change?.diffExcerpt, 5, 150);
  if (diff.lines.length > 0) {
    const lines = diff.lines.map((line) => `${line.sign} ${fenceSafe(line.text)}`);
    if (diff.more > 0) lines.push(`… and ${diff.more} more lines`);
    fields.push({ name: "Excerpt", value: `\`\`\`diff\n${truncate(lines.join("\n"), 1000)}\n\`\`\`` });
  }
  if (message.failure && message.type === "monitor.failing") {
    fields.push({ name: "Reason", value: truncate(md(message.failure.reason), 1024) });
  }
  return fields;
}
