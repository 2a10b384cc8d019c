import { afterEach, describe, expect, it } from "vitest";
import { parseChannelConfig } from "../../../src/alerts/channels/registry";
import { smsChannel } from "../../../src/alerts/channels/sms";
import { type Receiver, startReceiver } from "../../helpers/receiver";
import { changeMessage, loopbackContext } from "./fixtures";

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const accountSid = `AC${"0123456789abcdef".repeat(2)}`;
const authToken = "f".repeat(32);

describe("SMS through Twilio", () => {
  it("POSTs form-encoded To/From/Body with basic auth to the Messages resource", async () => {
    receiver = await startReceiver(() => ({ status: 201, body: '{"sid":"SM1","status":"queued"}' }));
    const outcome = await smsChannel.send(
      { to: "+15551234567", accountSid, authToken, from: "+15557654321" },
      changeMessage(),
      loopbackContext({ apiBase: { twilio: receiver.origin } }),
    );
    expect(outcome).toMatchObject({ ok: true, status: 201 });
    const [request] = receiver.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
    );
    const form = new URLSearchParams(request?.body);
    expect(form.get("To")).toBe("+15551234567");
    expect(form.get("From")).toBe("+15557654321");
    expect(form.get("Body")).toBe(
      "ChangeRadar: Widget <Pro> & Co: Price dropped from $24.99 to $19.99 https://app.changeradar.test/auth/mymonitors/mon_42?change=chg_7",
    );
  });

  it("falls back to the server's Twilio account and a Messaging Service sender", async () => {
    receiver = await startReceiver(() => ({ status: 201, body: "{}" }));
    const messagingService = `MG${"a".repeat(32)}`;
    const outcome = await smsChannel.send(
      { to: "+447700900123" },
      changeMessage(),
      loopbackContext({
        apiBase: { twilio: receiver.origin },
        twilio: { accountSid, authToken, from: messagingService },
      }),
    );
    expect(outcome.ok).toBe(true);
    const form = new URLSearchParams(receiver.requests[0]?.body);
    expect(form.get("MessagingServiceSid")).toBe(messagingService);
    expect(form.has("From")).toBe(false);
  });

  it("is a permanent failure when no Twilio account is configured", async () => {
    const outcome = await smsChannel.send({ to: "+15551234567" }, changeMessage(), loopbackContext());
    expect(outcome).toEqual({
      ok: false,
      retryable: false,
      reason: "SMS is not set up: no Twilio account is configured for sending",
    });
  });

  it("shows Twilio's error message on a rejected number", async () => {
    const answer = {
      code: 21211,
      message: "The 'To' number +15551234567 is not a valid phone number.",
      status: 400,
    };
    receiver = await startReceiver(() => ({ status: 400, body: JSON.stringify(answer) }));
    const outcome = await smsChannel.send(
      { to: "+15551234567", accountSid, authToken, from: "+15557654321" },
      changeMessage(),
      loopbackContext({ apiBase: { twilio: receiver.origin } }),
    );
    expect(outcome).toEqual({
      ok: false,
      retryable: false,
      status: 400,
      reason:
        "Twilio rejected the alert (400 Bad Request: The 'To' number +15551234567 is not a valid phone number.)",
    });
  });

  it("validates numbers and requires the whole own account", () => {
    expect(parseChannelConfig("sms", { to: "555-1234" }, {})).toEqual({
      ok: false,
      problems: [{ path: "to", msg: "Enter the phone number as +15551234567" }],
    });
    expect(parseChannelConfig("sms", { to: "+15551234567", accountSid }, {})).toEqual({
      ok: false,
      problems: [
        { path: "authToken", msg: "The Twilio auth token is required" },
        { path: "from", msg: "The sending number is required" },
      ],
    });
  });
});
