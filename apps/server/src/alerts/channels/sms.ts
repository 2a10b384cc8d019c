import { z } from "zod";
import { renderSms } from "../render/sms";
import { postToReceiver } from "./http-delivery";
import type { ChannelDefinition, TwilioAccount } from "./types";

export const TWILIO_API_BASE = "https://api.twilio.com";

const e164 = /^\+[1-9]\d{6,14}$/;

const configSchema = z
  .object({
    to: z
      .string({ error: "The phone number is required" })
      .trim()
      .regex(e164, "Enter the phone number as +15551234567"),
    // A user's own Twilio account; without it the server's account (ctx.twilio) is used.
    accountSid: z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, "The Twilio Account SID starts with AC")
      .optional(),
    authToken: z.string().trim().min(16, "The Twilio auth token is too short").optional(),
    from: z
      .string()
      .trim()
      .regex(
        /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
        "The sender is a +number or a Messaging Service SID (MG…)",
      )
      .optional(),
  })
  .superRefine((config, ctx) => {
    if (!config.accountSid) return;
    if (!config.authToken)
      ctx.addIssue({ code: "custom", path: ["authToken"], message: "The Twilio auth token is required" });
    if (!config.from)
      ctx.addIssue({ code: "custom", path: ["from"], message: "The sending number is required" });
  });
export type SmsConfig = z.infer<typeof configSchema>;

/** Twilio's Messages API: form-encoded To/From/Body with basic auth. */
export const smsChannel: ChannelDefinition<SmsConfig> = {
  type: "sms",
  label: "SMS",
  configSchema,
  secretFields: ["authToken"],
  async send(config, message, ctx) {
    const account = ownAccount(config) ?? ctx.twilio;
    if (!account) {
      return {
        ok: false,
        retryable: false,
        reason: "SMS is not set up: no Twilio account is configured for sending",
      };
    }
    const base = (ctx.apiBase?.twilio ?? TWILIO_API_BASE).replace(/\/+$/, "");
    const form = new URLSearchParams({ To: config.to, Body: renderSms(message) });
    form.set(account.from.startsWith("MG") ? "MessagingServiceSid" : "From", account.from);
    const credentials = Buffer.from(`${account.accountSid}:${account.authToken}`).toString("base64");
    return postToReceiver(
      {
        receiver: "Twilio",
        url: `${base}/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/Messages.json`,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${credentials}`,
        },
        body: form.toString(),
      },
      ctx,
    );
  },
};

function ownAccount(config: SmsConfig): TwilioAccount | null {
  if (!config.accountSid || !config.authToken || !config.from) return null;
  return { accountSid: config.accountSid, authToken: config.authToken, from: config.from };
}
