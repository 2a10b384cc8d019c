import type { AlertMessage } from "@changeradar/contracts";
import { channelTypes } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import { renderDiscord } from "./discord";
import { renderEmail } from "./email";
import { renderNtfy } from "./ntfy";
import { renderSlack } from "./slack";
import { renderSms, SMS_MAX_CHARS } from "./sms";
import { renderTeams } from "./teams";
import { renderTelegramText } from "./telegram";
import { buildTestMessage } from "./test-message";
import { buildWebhookPayload } from "./webhook";

const APP = "https://app.example";

function message(overrides: Partial<AlertMessage> = {}): AlertMessage {
  return {
    id: "d1",
    type: "change.detected",
    occurredAt: "2026-11-22T10:00:00.000Z",
    appUrl: APP,
    monitor: { id: "m1", url: "https://shop.example/p", name: "Shop" },
    change: {
      id: "c1",
      detectedAt: "2026-11-22T10:00:00.000Z",
      kinds: ["text"],
      summary: "Text changed",
      significance: 40,
      url: `${APP}/auth/mymonitors/m1?change=c1`,
    },
    ...overrides,
  };
}

function withChange(change: Partial<NonNullable<AlertMessage["change"]>>): AlertMessage {
  const base = message();
  return { ...base, change: { ...(base.change as NonNullable<AlertMessage["change"]>), ...change } };
}

describe("SMS text", () => {
  it("stays within 320 characters and never cuts the link", () => {
    const long = withChange({ summary: "word ".repeat(200) });
    const text = renderSms({ ...long, monitor: { ...long.monitor, name: "N".repeat(300) } });
    expect(text.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
    expect(text.endsWith(` ${APP}/auth/mymonitors/m1?change=c1`)).toBe(true);
    expect(text.startsWith(`ChangeRadar: ${"N".repeat(59)}…: word word`)).toBe(true);
  });

  it("says recovered plainly", () => {
    const { change: _c, ...base } = message();
    expect(renderSms({ ...base, type: "monitor.recovered" })).toBe(
      `ChangeRadar: Shop: recovered, checks succeed again. ${APP}/auth/mymonitors`,
    );
  });
});

describe("escaping", () => {
  it("Slack mrkdwn escapes &, < and > so page text cannot ping or link", () => {
    const payload = renderSlack(withChange({ summary: "<!channel> a & <https://evil|click>" }));
    const section = payload.blocks[1] as { text: { text: string } };
    expect(section.text.text).toBe("&lt;!channel&gt; a &amp; &lt;https://evil|click&gt;");
    expect(payload.text).not.toContain("<!channel>");
  });

  it("Telegram HTML escapes user text and keeps the message under 4096 characters", () => {
    const lines = Array.from({ length: 500 }, (_, i) => `<i>line ${i}</i> & ${"x".repeat(180)}`);
    const text = renderTelegramText(
      withChange({ summary: "a<b>c", diffExcerpt: { added: lines, removed: lines } }),
    );
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(text).toContain("a&lt;b&gt;c");
    expect(text).not.toContain("<i>");
    expect(text.match(/<pre>/g)).toHaveLength(1);
    expect(text.match(/<\/pre>/g)).toHaveLength(1);
    expect(text.endsWith(`<a href="${APP}/auth/mymonitors/m1?change=c1">View change</a>`)).toBe(true);
  });

  it("email HTML escapes text and attribute values", () => {
    const hostile = message({
      monitor: { id: "m1", url: 'https://x.example/"><script>alert(1)</script>', name: "<img src=x>" },
    });
    const { html } = renderEmail(hostile);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x>");
    expect(html).toContain('href="https://x.example/&quot;&gt;&lt;script&gt;');
  });

  it("Discord escapes markdown and disables mentions", () => {
    const payload = renderDiscord(withChange({ summary: "**bold** @everyone [x](https://evil)" }));
    expect(payload.embeds[0]?.description).toContain("\\*\\*bold\\*\\* @everyone \\[x\\](https://evil)");
    expect(payload.allowed_mentions).toEqual({ parse: [] });
  });
});

describe("test message", () => {
  it("renders in every channel as a clearly marked test with a sample change", () => {
    for (const type of channelTypes) {
      const sample = buildTestMessage(type, `${APP}/`, new Date("2026-11-22T10:00:00Z"));
      expect(sample.type).toBe("test");
      expect(sample.id).toMatch(/^test_/);
      expect(sample.appUrl).toBe(APP);
      expect(renderEmail(sample).subject).toMatch(/^Test alert: /);
      expect(renderSlack(sample).text).toContain("This is a test alert");
      expect(renderDiscord(sample).embeds[0]?.title).toContain("Test alert");
      expect(JSON.stringify(renderTeams(sample))).toContain("Test alert");
      expect(renderTelegramText(sample)).toContain("Price dropped from $24.99 to $19.99");
      expect(renderNtfy(sample).tags).toEqual(["test_tube"]);
      expect(renderSms(sample)).toMatch(/^ChangeRadar test: /);
      expect(buildWebhookPayload(sample)).toMatchObject({
        type: "test",
        change: { kinds: ["price", "text"] },
      });
    }
    expect(buildTestMessage("slack", APP).id).not.toBe(buildTestMessage("slack", APP).id);
  });
});

describe("webhook payload", () => {
  it("has exactly the contract's change fields when there is no price or excerpt", () => {
    expect(buildWebhookPayload(message())).toEqual({
      type: "change.detected",
      timestamp: "2026-11-22T10:00:00.000Z",
      monitor: { id: "m1", url: "https://shop.example/p", name: "Shop" },
      change: {
        id: "c1",
        detectedAt: "2026-11-22T10:00:00.000Z",
        kinds: ["text"],
        summary: "Text changed",
        significance: 40,
        url: `${APP}/auth/mymonitors/m1?change=c1`,
      },
    });
  });

  it("does not leak the app-only detail link of the monitor", () => {
    const payload = buildWebhookPayload(
      message({ monitor: { id: "m1", url: "u", name: "n", detailUrl: "x" } }),
    );
    expect(payload.monitor).toEqual({ id: "m1", url: "u", name: "n" });
  });
});
