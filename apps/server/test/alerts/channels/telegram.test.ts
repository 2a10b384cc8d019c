import { afterEach, describe, expect, it } from "vitest";
import { parseChannelConfig } from "../../../src/alerts/channels/registry";
import { telegramChannel } from "../../../src/alerts/channels/telegram";
import { type Receiver, startReceiver } from "../../helpers/receiver";
import { changeMessage, loopbackContext } from "./fixtures";

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const botToken = `123456789:${"AAH_x-y".repeat(5)}`;

describe("Telegram", () => {
  it("calls sendMessage with HTML text and previews off", async () => {
    receiver = await startReceiver(() => ({ status: 200, body: '{"ok":true,"result":{"message_id":1}}' }));
    const outcome = await telegramChannel.send(
      { botToken, chatId: "-1001234567890" },
      changeMessage(),
      loopbackContext({ apiBase: { telegram: `${receiver.origin}/` } }),
    );
    expect(outcome.ok).toBe(true);
    const [request] = receiver.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe(`/bot${botToken}/sendMessage`);
    expect(request?.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(request?.body ?? "{}");
    expect(body).toMatchObject({
      chat_id: "-1001234567890",
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
    });
    expect(body.text).toContain("<b>🔔 Change detected: Widget &lt;Pro&gt; &amp; Co</b>");
    expect(body.text).toContain("<pre>- Price: $24.99\n+ Now only $19.99 &lt;b&gt;today&lt;/b&gt;</pre>");
    expect(body.text).toContain(
      '<a href="https://app.changeradar.test/auth/mymonitors/mon_42?change=chg_7">View change</a>',
    );
  });

  it("reports Telegram's own description on a rejection, without the token", async () => {
    const answer = { ok: false, error_code: 400, description: "Bad Request: chat not found" };
    receiver = await startReceiver(() => ({ status: 400, body: JSON.stringify(answer) }));
    const outcome = await telegramChannel.send(
      { botToken, chatId: "42" },
      changeMessage(),
      loopbackContext({ apiBase: { telegram: receiver.origin } }),
    );
    expect(outcome).toEqual({
      ok: false,
      retryable: false,
      status: 400,
      reason: "Telegram rejected the alert (400 Bad Request: Bad Request: chat not found)",
    });
  });

  it("validates the token and chat id with clear messages", () => {
    const result = parseChannelConfig("telegram", { botToken: "nope", chatId: "not a chat" }, {});
    expect(result).toEqual({
      ok: false,
      problems: [
        { path: "botToken", msg: "The bot token looks like 123456789:AA… (from @BotFather)" },
        { path: "chatId", msg: "The chat id is a number (e.g. -1001234567890) or @channelname" },
      ],
    });
    expect(parseChannelConfig("telegram", { botToken, chatId: "@my_channel" }, {}).ok).toBe(true);
  });
});
