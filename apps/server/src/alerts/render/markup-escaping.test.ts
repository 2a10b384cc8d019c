import type { AlertMessage } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import { renderDiscord } from "./discord";
import { renderNtfy } from "./ntfy";
import { renderSlack } from "./slack";
import { renderTeams } from "./teams";
import { renderTelegramText } from "./telegram";

/** Page text and a monitor name written to become markup in each chat target (issue 12). */
const LINK = "[click here](https://evil.example/phish)";
const hostile: AlertMessage = {
  id: "d1",
  type: "change.detected",
  occurredAt: "2026-11-22T10:00:00.000Z",
  appUrl: "https://app.example",
  monitor: { id: "m1", url: "https://shop.example/p", name: `Shop ${LINK} **bold**` },
  change: {
    id: "c1",
    detectedAt: "2026-11-22T10:00:00.000Z",
    kinds: ["text"],
    summary: `Text changed: ${LINK} <!channel> <b>x</b> _it_`,
    significance: 40,
    url: "https://app.example/auth/mymonitors/m1?change=c1",
    diffExcerpt: {
      added: [`Now ${LINK}`, "- list item", "# Heading"],
      removed: ["<a href='https://evil.example'>old</a>"],
    },
  },
};

/** Every string inside a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** A Markdown link `[text](url)` that no backslash escapes. */
const liveMarkdownLink = /(?<!\\)\[[^\]]*(?<!\\)\]\(/;

describe("page text never becomes markup in chat messages", () => {
  it("Teams: card text escapes Markdown, so [text](url) stays text and ** stays literal", () => {
    const card = renderTeams(hostile);
    const texts = strings(card.attachments[0]?.content.body);
    expect(texts.some((text) => text.includes("click here"))).toBe(true);
    for (const text of texts) {
      expect(text).not.toMatch(liveMarkdownLink);
      expect(text).not.toMatch(/(?<!\\)\*\*bold/);
    }
    expect(texts.join("\n")).toContain("\\[click here\\](https://evil.example/phish)");
    // The one real link is the card's action.
    expect(card.attachments[0]?.content.actions).toEqual([
      {
        type: "Action.OpenUrl",
        title: "View change",
        url: "https://app.example/auth/mymonitors/m1?change=c1",
      },
    ]);
  });

  it("Slack: mrkdwn escapes &, <, > and is verbatim (no auto-links of page text)", () => {
    const payload = renderSlack(hostile);
    const mrkdwn = strings(payload.blocks).join("\n");
    expect(mrkdwn).not.toContain("<!channel>");
    expect(mrkdwn).not.toContain("<b>");
    const sections = JSON.stringify(payload.blocks);
    const mrkdwnObjects = [...sections.matchAll(/"type":"mrkdwn"[^}]*}/g)].map((match) => match[0]);
    expect(mrkdwnObjects.length).toBeGreaterThan(0);
    for (const object of mrkdwnObjects) expect(object).toContain('"verbatim":true');
  });

  it("Discord: summary, facts and the monitor name are escaped; only the app's own link is live", () => {
    const payload = renderDiscord(hostile);
    const embed = payload.embeds[0];
    const fields = embed?.fields ?? [];
    // The excerpt is a code block: nothing inside renders, and it cannot close its fence.
    const excerpt = fields.find((field) => field.name === "Excerpt")?.value ?? "";
    expect(excerpt.startsWith("```diff\n") && excerpt.endsWith("\n```")).toBe(true);
    expect(excerpt.slice(3, -3)).not.toContain("```");
    const texts = [
      embed?.description ?? "",
      ...fields.filter((f) => f.name !== "Excerpt").map((f) => f.value),
    ];
    const live = texts.flatMap((text) => text.match(/(?<!\\)\[[^\]]*(?<!\\)\]\([^)]*\)/g) ?? []);
    expect(live).toEqual(["[View change](https://app.example/auth/mymonitors/m1?change=c1)"]);
    expect(payload.allowed_mentions).toEqual({ parse: [] });
  });

  it("Telegram (HTML mode): tags in page text and the monitor name are escaped", () => {
    const text = renderTelegramText(hostile);
    expect(text).not.toContain("<b>x</b>");
    expect(text).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(text).not.toContain("<a href='https://evil.example'>");
    expect(text.match(/<a href=/g)).toHaveLength(1);
  });

  it("ntfy: the body is plain text (no Markdown flag), so nothing in it is a link or formatting", () => {
    const note = renderNtfy(hostile);
    expect(note).not.toHaveProperty("markdown");
    expect(note.body).toContain(LINK);
    expect(note.click).toBe("https://app.example/auth/mymonitors/m1?change=c1");
  });
});
