import { afterEach, describe, expect, it } from "vitest";
import { ntfyChannel } from "../../../src/alerts/channels/ntfy";
import { parseChannelConfig } from "../../../src/alerts/channels/registry";
import { type Receiver, startReceiver } from "../../helpers/receiver";
import { changeMessage, failingMessage, loopbackContext } from "./fixtures";

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe("ntfy", () => {
  it("publishes to {server}/{topic} with Title, Priority, Tags, Click and the bearer token", async () => {
    receiver = await startReceiver(() => ({ status: 200, body: '{"id":"abc","event":"message"}' }));
    const outcome = await ntfyChannel.send(
      { server: `${receiver.origin}/`, topic: "price-watch_1", token: "tk_secret" },
      changeMessage(),
      loopbackContext(),
    );
    expect(outcome.ok).toBe(true);
    const [request] = receiver.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/price-watch_1");
    expect(request?.headers).toMatchObject({
      title: "Change detected: Widget <Pro> & Co",
      priority: "4",
      tags: "bell",
      click: "https://app.changeradar.test/auth/mymonitors/mon_42?change=chg_7",
      authorization: "Bearer tk_secret",
      "content-type": "text/plain; charset=utf-8",
    });
    expect(request?.body).toBe(
      [
        "Price dropped from $24.99 to $19.99",
        "Price: $24.99 → $19.99",
        "- Price: $24.99",
        "+ Now only $19.99 <b>today</b>",
        "https://shop.example/widget",
      ].join("\n"),
    );
  });

  it("encodes a non-ASCII title per RFC 2047 and sends no token when none is set", async () => {
    receiver = await startReceiver();
    const message = { ...failingMessage(), monitor: { ...failingMessage().monitor, name: "Café prices" } };
    await ntfyChannel.send({ server: receiver.origin, topic: "alerts" }, message, loopbackContext());
    const [request] = receiver.requests;
    const title = String(request?.headers.title);
    expect(title).toMatch(/^=\?UTF-8\?B\?.+\?=$/);
    expect(Buffer.from(title.slice(10, -2), "base64").toString("utf8")).toBe("Monitor failing: Café prices");
    expect(request?.headers).toMatchObject({ priority: "4", tags: "warning" });
    expect(request?.headers.authorization).toBeUndefined();
  });

  it("defaults the server to ntfy.sh and checks the topic", () => {
    expect(parseChannelConfig("ntfy", { topic: "alerts" }, {})).toEqual({
      ok: true,
      config: { server: "https://ntfy.sh", topic: "alerts" },
    });
    expect(parseChannelConfig("ntfy", { topic: "no spaces/here" }, {})).toEqual({
      ok: false,
      problems: [{ path: "topic", msg: "The topic may use letters, digits, - and _ (at most 64)" }],
    });
    expect(parseChannelConfig("ntfy", { server: "http://ntfy.internal", topic: "a" }, {})).toEqual({
      ok: false,
      problems: [{ path: "server", msg: "The ntfy server URL must use https" }],
    });
  });
});
