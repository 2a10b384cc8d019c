import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. Shown to the user once. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;

/** The three Standard Webhooks headers for one delivery attempt. */
export function signWebhook(
  secret: string,
  id: string,
  at: Date,
  body: string,
): { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string } {
  const seconds = Math.floor(at.getTime() / 1000);
  const signature = new Webhook(secret).sign(id, new Date(seconds * 1000), body);
  return { "webhook-id": id, "webhook-timestamp": String(seconds), "webhook-signature": signature };
}
