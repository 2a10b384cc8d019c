import { watchKinds } from "@changeradar/contracts";
import { z } from "zod";

/**
 * The body of a webhook delivery as the webhook channel sends it (alerts/render/webhook.ts), for the API
 * docs. Only additive changes are allowed, so receivers can rely on these fields.
 */
const monitorRef = z.object({ id: z.string(), url: z.string(), name: z.string() });

export const webhookPayloadSchema = z.object({
  type: z.enum(["change.detected", "monitor.failing", "monitor.recovered", "test"]),
  timestamp: z.string().describe("When the event happened (ISO 8601)."),
  monitor: monitorRef,
  change: z
    .object({
      id: z.string(),
      detectedAt: z.string(),
      kinds: z.array(z.enum(watchKinds)),
      summary: z.string(),
      significance: z.number().min(0).max(100),
      url: z.string().describe("The change in the ChangeRadar app."),
      price: z.object({ before: z.string().nullable(), after: z.string().nullable() }).optional(),
      diffExcerpt: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }).optional(),
    })
    .optional()
    .describe("Present for change.detected and test."),
  failure: z
    .object({ reason: z.string(), consecutiveFailures: z.number(), since: z.string() })
    .optional()
    .describe("Present for monitor.failing and monitor.recovered."),
});

export const webhookHeaders = [
  {
    name: "webhook-id",
    description: "The delivery's id. It is the same on every retry of one alert: de-duplicate on it.",
  },
  { name: "webhook-timestamp", description: "Unix time in seconds of this attempt." },
  {
    name: "webhook-signature",
    description:
      "`v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the channel's secret (Standard Webhooks).",
  },
] as const;
