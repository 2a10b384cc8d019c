/** Escaping per target format. User content (page text, monitor names) must never become markup. */

const HTML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** For email HTML, text and attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}

/** Telegram's HTML mode knows only &lt; &gt; &amp; &quot;. */
export function escapeTelegramHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Slack mrkdwn: only &, < and > are control characters. */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Text of a Slack `<url|text>` link: escaped, and without the `|` separator. */
export function slackLink(url: string, text: string): string {
  return `<${escapeSlack(url)}|${escapeSlack(text).replace(/\|/g, "¦")}>`;
}

/** Discord markdown: backslash-escape formatting characters. */
export function escapeDiscordMarkdown(text: string): string {
  return text.replace(/[\\*_~`|>[\]#]/g, (char) => `\\${char}`);
}

/**
 * Adaptive Card (Teams) TextBlock and FactSet Markdown: backslash-escape what makes links ([ ]), emphasis
 * and code, and line starts that would become lists or headings, so `[text](url)` stays text.
 */
export function escapeTeamsMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]]/g, (char) => `\\${char}`)
    .replace(/^(\s*)([-+]|\d+\.)(?=\s)/gm, (_line, indent: string, marker: string) => `${indent}\\${marker}`);
}

/** Content placed inside a ``` block must not close it. */
export function fenceSafe(text: string): string {
  return text.replace(/```/g, "ʼʼʼ");
}
