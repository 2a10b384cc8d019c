import { afterEach, describe, expect, it } from "vitest";
import { slackChannel } from "../../../src/alerts/channels/slack";
import { telegramChannel } from "../../../src/alerts/channels/telegram";
import { type Answer, closedPort, type Receiver, startReceiver } from "../../helpers/receiver";
import { changeMessage, loopbackContext } from "./fixtures";

/** How answers and transport errors become outcomes; the classification is shared by every HTTP channel. */

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function sendToSlackAnswering(answer: Answer | "hang", timeoutMs = 5_000) {
  receiver = await startReceiver(() => answer);
  return slackChannel.send(
    { url: `${receiver.origin}/services/T/B/X` },
    changeMessage(),
    loopbackContext({ timeoutMs }),
  );
}

describe("delivery failures", () => {
  it("5xx is retryable and says what the receiver answered", async () => {
    const outcome = await sendToSlackAnswering({ status: 500, body: "internal oops" });
    expect(outcome).toEqual({
      ok: false,
      retryable: true,
      status: 500,
      reason: "Slack had a temporary problem (500 Internal Server Error: internal oops)",
    });
  });

  it("400 is permanent with the receiver's answer in the reason", async () => {
    const outcome = await sendToSlackAnswering({ status: 400, body: "invalid_payload" });
    expect(outcome).toEqual({
      ok: false,
      retryable: false,
      status: 400,
      reason: "Slack rejected the alert (400 Bad Request: invalid_payload)",
    });
  });

  it("a JSON error answer is shown by its message", async () => {
    const body = JSON.stringify({ message: "Invalid Webhook Token", code: 50027 });
    const outcome = await sendToSlackAnswering({
      status: 401,
      body,
      headers: { "content-type": "application/json" },
    });
    expect(outcome).toMatchObject({
      retryable: false,
      reason: "Slack rejected the alert (401 Unauthorized: Invalid Webhook Token)",
    });
  });

  it("429 is retryable and carries Retry-After as a hint", async () => {
    const outcome = await sendToSlackAnswering({
      status: 429,
      body: "rate_limited",
      headers: { "retry-after": "30" },
    });
    expect(outcome).toEqual({
      ok: false,
      retryable: true,
      status: 429,
      retryAfterMs: 30_000,
      reason:
        "Slack is rate limiting us (429 Too Many Requests: rate_limited); it asks us to retry after 30 s",
    });
  });

  it("429 from Telegram carries retry_after from the JSON body", async () => {
    const body = JSON.stringify({
      ok: false,
      error_code: 429,
      description: "Too Many Requests: retry after 7",
      parameters: { retry_after: 7 },
    });
    receiver = await startReceiver(() => ({ status: 429, body }));
    const outcome = await telegramChannel.send(
      { botToken: `123456:${"A".repeat(35)}`, chatId: "-100200300" },
      changeMessage(),
      loopbackContext({ apiBase: { telegram: receiver.origin } }),
    );
    expect(outcome).toMatchObject({ ok: false, retryable: true, status: 429, retryAfterMs: 7_000 });
  });

  it("408 is retryable", async () => {
    expect(await sendToSlackAnswering({ status: 408 })).toMatchObject({
      ok: false,
      retryable: true,
      status: 408,
    });
  });

  it("a redirect is permanent and names the new location", async () => {
    const outcome = await sendToSlackAnswering({
      status: 301,
      headers: { location: "https://elsewhere.example/in" },
    });
    expect(outcome).toMatchObject({ ok: false, retryable: false, status: 301 });
    expect(outcome.ok ? "" : outcome.reason).toContain("https://elsewhere.example/in");
  });

  it("a closed port is a retryable network error", async () => {
    const port = await closedPort();
    const outcome = await slackChannel.send(
      { url: `http://127.0.0.1:${port}/hook` },
      changeMessage(),
      loopbackContext(),
    );
    expect(outcome).toEqual({
      ok: false,
      retryable: true,
      reason: "Could not deliver to Slack: the connection was refused (is the receiver running?)",
    });
  });

  it("a receiver that never answers times out, retryable", async () => {
    const outcome = await sendToSlackAnswering("hang", 300);
    expect(outcome).toEqual({ ok: false, retryable: true, reason: "Slack did not answer within 0.3 s" });
  });

  it("a receiver that answers 200 with a long body is a success with a short excerpt", async () => {
    const outcome = await sendToSlackAnswering({ status: 200, body: "x".repeat(100_000) });
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && outcome.responseExcerpt?.length).toBeLessThanOrEqual(301);
  });
});
