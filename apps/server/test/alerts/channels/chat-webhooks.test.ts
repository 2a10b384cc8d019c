import { afterEach, describe, expect, it } from "vitest";
import { discordChannel } from "../../../src/alerts/channels/discord";
import { parseChannelConfig } from "../../../src/alerts/channels/registry";
import { slackChannel } from "../../../src/alerts/channels/slack";
import { teamsChannel } from "../../../src/alerts/channels/teams";
import type { renderDiscord } from "../../../src/alerts/render/discord";
import type { renderTeams } from "../../../src/alerts/render/teams";
import { type Receiver, type RecordedRequest, startReceiver } from "../../helpers/receiver";
import { changeMessage, failingMessage, loopbackContext } from "./fixtures";

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

function receivedJson<T>(request: RecordedRequest | undefined): T {
  expect(request?.method).toBe("POST");
  expect(request?.headers["content-type"]).toBe("application/json");
  return JSON.parse(request?.body ?? "null") as T;
}

interface SlackBlock {
  type: string;
  text?: { type: string; text: string; emoji?: boolean };
  fields?: { text: string }[];
  elements?: Record<string, unknown>[];
}

describe("Slack", () => {
  it("posts Block Kit blocks with a text fallback and a button to the change", async () => {
    receiver = await startReceiver(() => ({ status: 200, body: "ok" }));
    const outcome = await slackChannel.send(
      { url: `${receiver.origin}/services/T000/B000/XXXX` },
      changeMessage(),
      loopbackContext(),
    );
    expect(outcome).toEqual({ ok: true, status: 200, responseExcerpt: "ok" });
    expect(receiver.requests[0]?.path).toBe("/services/T000/B000/XXXX");
    const body = receivedJson<{ text: string; blocks: SlackBlock[] }>(receiver.requests[0]);
    expect(body.text).toBe(
      "🔔 Change detected: Widget &lt;Pro&gt; &amp; Co: Price dropped from $24.99 to $19.99",
    );
    const blocks = body.blocks;
    expect(blocks.map((block) => block.type)).toEqual([
      "header",
      "section",
      "section",
      "section",
      "actions",
      "context",
    ]);
    expect(blocks[0]?.text).toEqual({
      type: "plain_text",
      text: "🔔 Change detected: Widget <Pro> & Co",
      emoji: true,
    });
    expect(blocks[1]?.text).toEqual({
      type: "mrkdwn",
      text: "Price dropped from $24.99 to $19.99",
      verbatim: true,
    });
    const fields = (blocks[2]?.fields ?? []).map((field) => field.text);
    expect(fields[0]).toBe("*Page*\n<https://shop.example/widget|Widget &lt;Pro&gt; &amp; Co>");
    expect(fields).toContain("*Price*\n$24.99 → $19.99");
    expect(blocks[3]?.text?.text).toBe("```- Price: $24.99\n+ Now only $19.99 &lt;b&gt;today&lt;/b&gt;```");
    expect(blocks[4]?.elements?.[0]).toMatchObject({
      type: "button",
      text: { type: "plain_text", text: "View change" },
      url: "https://app.changeradar.test/auth/mymonitors/mon_42?change=chg_7",
    });
  });

  it("accepts only Slack hosts over https unless insecure targets are allowed", () => {
    expect(parseChannelConfig("slack", { url: "https://hooks.slack.com/services/T/B/X" }, {}).ok).toBe(true);
    expect(parseChannelConfig("slack", { url: "https://evil.example/services" }, {})).toEqual({
      ok: false,
      problems: [{ path: "url", msg: "The Slack webhook URL must be on slack.com or slack-gov.com" }],
    });
    expect(
      parseChannelConfig("slack", { url: "http://127.0.0.1:1/x" }, { allowInsecureTargets: true }).ok,
    ).toBe(true);
    expect(slackChannel.secretFields).toEqual(["url"]);
  });
});

describe("Discord", () => {
  it("posts one embed with mentions disabled", async () => {
    receiver = await startReceiver(() => ({ status: 204 }));
    const outcome = await discordChannel.send(
      { url: `${receiver.origin}/api/webhooks/123/token-abc` },
      changeMessage(),
      loopbackContext(),
    );
    expect(outcome).toEqual({ ok: true, status: 204 });
    expect(receiver.requests[0]?.path).toBe("/api/webhooks/123/token-abc");
    const body = receivedJson<ReturnType<typeof renderDiscord>>(receiver.requests[0]);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.username).toBe("ChangeRadar");
    const [embed] = body.embeds;
    expect(embed).toMatchObject({
      title: "🔔 Change detected: Widget <Pro> & Co",
      url: "https://app.changeradar.test/auth/mymonitors/mon_42?change=chg_7",
      color: 0x2563eb,
      timestamp: "2026-11-22T14:05:00.000Z",
      footer: { text: "ChangeRadar" },
    });
    expect(embed?.description).toContain("Price dropped from $24.99 to $19.99");
    expect(embed?.description).toContain(
      "[View change](https://app.changeradar.test/auth/mymonitors/mon_42?change=chg_7)",
    );
    const excerpt = embed?.fields.find((field) => field.name === "Excerpt");
    expect(excerpt?.value).toBe("```diff\n- Price: $24.99\n+ Now only $19.99 <b>today</b>\n```");
  });
});

describe("Microsoft Teams", () => {
  it("posts an Adaptive Card message with an open-URL action", async () => {
    receiver = await startReceiver(() => ({ status: 202 }));
    const outcome = await teamsChannel.send(
      { url: `${receiver.origin}/workflows/abc/triggers/manual/paths/invoke?sig=s` },
      failingMessage(),
      loopbackContext(),
    );
    expect(outcome).toEqual({ ok: true, status: 202 });
    const body = receivedJson<ReturnType<typeof renderTeams>>(receiver.requests[0]);
    expect(body).toMatchObject({
      type: "message",
      attachments: [
        {
          contentType: "application/vnd.microsoft.card.adaptive",
          content: {
            type: "AdaptiveCard",
            version: "1.4",
            body: [
              { type: "TextBlock", text: "⚠️ Monitor failing: Widget <Pro> & Co" },
              {
                type: "TextBlock",
                text: "5 checks in a row have failed since 2026-11-22 12:00 UTC: The server answered 503",
              },
              {
                type: "FactSet",
                facts: expect.arrayContaining([{ title: "Failed checks in a row", value: "5" }]),
              },
            ],
            actions: [
              {
                type: "Action.OpenUrl",
                title: "Open monitor",
                url: "https://app.changeradar.test/auth/mymonitors/mon_42",
              },
            ],
          },
        },
      ],
    });
  });
});
