import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { getChannel, parseChannelConfig } from "../../../src/alerts/channels/registry";
import { webhookChannel } from "../../../src/alerts/channels/webhook";
import { generateWebhookSecret } from "../../../src/alerts/channels/webhook-signature";
import { type Receiver, startReceiver } from "../../helpers/receiver";
import { changeMessage, failingMessage, loopbackContext } from "./fixtures";

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const now = new Date("2026-11-22T14:05:07.250Z");

describe("webhook channel", () => {
  it("POSTs the contract payload signed per Standard Webhooks", async () => {
    receiver = await startReceiver(() => ({ status: 204 }));
    const secret = generateWebhookSecret();
    const message = changeMessage();
    const outcome = await webhookChannel.send(
      { url: `${receiver.origin}/hooks/changeradar?x=1`, secret },
      message,
      loopbackContext({ now: () => now }),
    );

    expect(outcome).toEqual({ ok: true, status: 204 });
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/hooks/changeradar?x=1");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["webhook-id"]).toBe(message.id);
    expect(request?.headers["webhook-timestamp"]).toBe(String(Math.floor(now.getTime() / 1000)));

    const headers = {
      "webhook-id": String(request?.headers["webhook-id"]),
      "webhook-timestamp": String(request?.headers["webhook-timestamp"]),
      "webhook-signature": String(request?.headers["webhook-signature"]),
    };
    // The library refuses old timestamps, so verify against a receiver clock near `now`.
    const verified = verifyAt(now, secret, request?.body ?? "", headers);
    expect(verified).toMatchObject({
      type: "change.detected",
      monitor: { id: "mon_42", url: "https://shop.example/widget", name: "Widget <Pro> & Co" },
      change: {
        id: "chg_7",
        detectedAt: "2026-11-22T14:04:30.000Z",
        kinds: ["price", "text"],
        summary: "Price dropped from $24.99 to $19.99",
        significance: 82,
        url: "https://app.changeradar.test/auth/mymonitors/mon_42?change=chg_7",
      },
    });

    // And independently: v1,base64(HMAC-SHA256(key, "{id}.{timestamp}.{body}")).
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    const expected = createHmac("sha256", key)
      .update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${request?.body}`)
      .digest("base64");
    expect(headers["webhook-signature"]).toBe(`v1,${expected}`);
  });

  it("a signature made with another secret does not verify", async () => {
    receiver = await startReceiver();
    await webhookChannel.send(
      { url: receiver.origin, secret: generateWebhookSecret() },
      changeMessage(),
      loopbackContext({ now: () => now }),
    );
    const [request] = receiver.requests;
    const headers = {
      "webhook-id": String(request?.headers["webhook-id"]),
      "webhook-timestamp": String(request?.headers["webhook-timestamp"]),
      "webhook-signature": String(request?.headers["webhook-signature"]),
    };
    expect(() => verifyAt(now, generateWebhookSecret(), request?.body ?? "", headers)).toThrow(/signature/i);
  });

  it("sends failing alerts with the failure and no change", async () => {
    receiver = await startReceiver();
    const outcome = await webhookChannel.send(
      { url: receiver.origin, secret: generateWebhookSecret() },
      failingMessage(),
      loopbackContext(),
    );
    expect(outcome.ok).toBe(true);
    const body = JSON.parse(receiver.requests[0]?.body ?? "{}");
    expect(body.type).toBe("monitor.failing");
    expect(body.change).toBeUndefined();
    expect(body.failure).toEqual({
      reason: "The server answered 503",
      consecutiveFailures: 5,
      since: "2026-11-22T12:00:00.000Z",
    });
  });

  it("generates distinct whsec_ secrets of 32 random bytes", () => {
    const a = generateWebhookSecret();
    const b = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(a.slice(6), "base64")).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it("requires https unless insecure targets are allowed, and a whsec_ secret", () => {
    const secret = generateWebhookSecret();
    const plain = parseChannelConfig("webhook", { url: "http://127.0.0.1:9/x", secret }, {});
    expect(plain).toEqual({ ok: false, problems: [{ path: "url", msg: "The webhook URL must use https" }] });
    expect(
      parseChannelConfig("webhook", { url: "http://127.0.0.1:9/x", secret }, { allowInsecureTargets: true })
        .ok,
    ).toBe(true);
    expect(parseChannelConfig("webhook", { url: "https://hooks.example.com/in", secret }, {}).ok).toBe(true);
    const bad = parseChannelConfig("webhook", { url: "ftp://x", secret: "abc" }, {});
    expect(bad.ok ? [] : bad.problems.map((p) => p.path)).toEqual(["url", "secret"]);
    expect(getChannel("webhook").secretFields).toEqual(["secret"]);
  });

  it("refuses to send to plain http without the flag, making no request", async () => {
    receiver = await startReceiver();
    const outcome = await webhookChannel.send(
      { url: receiver.origin, secret: generateWebhookSecret() },
      changeMessage(),
      loopbackContext({ allowInsecureTargets: false }),
    );
    expect(outcome).toEqual({ ok: false, retryable: false, reason: "The webhook URL must use https" });
    expect(receiver.requests).toHaveLength(0);
  });
});

function verifyAt(at: Date, secret: string, body: string, headers: Record<string, string>): unknown {
  const realNow = Date.now;
  Date.now = () => at.getTime();
  try {
    return new Webhook(secret).verify(body, headers);
  } finally {
    Date.now = realNow;
  }
}
