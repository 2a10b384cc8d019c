import { z } from "zod";

/**
 * The messages of the alert pipeline, one schema each: what a notification freezes at enqueue time, the
 * one message every channel renders, the digest, and what a delivery row carries by kind. Rows are parsed
 * with these on read, so a stored payload is never trusted by its column type alone.
 */

export const alertMonitorSchema = z.object({
  id: z.string(),
  /** The watched page. */
  url: z.string(),
  name: z.string(),
  /** The monitor's page in the web app; `{appUrl}/auth/mymonitors` when absent. */
  detailUrl: z.string().optional(),
});
export type AlertMonitor = z.infer<typeof alertMonitorSchema>;

/** The facts of a change an alert reports, frozen when the change is recorded. */
export const alertChangeFactsSchema = z.object({
  id: z.string(),
  /** ISO 8601. */
  detectedAt: z.string(),
  kinds: z.array(z.string()),
  summary: z.string(),
  /** 0–100. */
  significance: z.number(),
  diffExcerpt: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }).optional(),
  price: z.object({ before: z.string().nullable(), after: z.string().nullable() }).optional(),
});
export type AlertChangeFacts = z.infer<typeof alertChangeFactsSchema>;

export const alertChangeSchema = alertChangeFactsSchema.extend({
  /** Link to the change in the web app. */
  url: z.string(),
});
export type AlertChange = z.infer<typeof alertChangeSchema>;

export const alertFailureSchema = z.object({
  reason: z.string(),
  consecutiveFailures: z.number(),
  /** ISO 8601: when the monitor started failing. */
  since: z.string(),
});
export type AlertFailure = z.infer<typeof alertFailureSchema>;

export const alertTypes = ["change.detected", "monitor.failing", "monitor.recovered", "test"] as const;
export type AlertType = (typeof alertTypes)[number];

/** The one payload every channel renders. `id` is the idempotency key (a webhook's `webhook-id`). */
export const alertMessageSchema = z.object({
  id: z.string(),
  type: z.enum(alertTypes),
  /** ISO 8601. */
  occurredAt: z.string(),
  monitor: alertMonitorSchema,
  change: alertChangeSchema.optional(),
  failure: alertFailureSchema.optional(),
  /** Base URL of the web app, for links to settings and the dashboard. */
  appUrl: z.string(),
});
export type AlertMessage = z.infer<typeof alertMessageSchema>;

/** What a notification is about, frozen at enqueue time so a delivery renders the same on every attempt. */
export const notificationPayloadSchema = z.object({
  monitor: alertMonitorSchema.pick({ id: true, url: true, name: true }),
  change: alertChangeFactsSchema.optional(),
  failure: alertFailureSchema.optional(),
});
export type NotificationPayload = z.infer<typeof notificationPayloadSchema>;

export const digestItemSchema = z.object({
  notificationId: z.string(),
  monitorName: z.string(),
  pageUrl: z.string(),
  summary: z.string(),
  kinds: z.array(z.string()),
  significance: z.number(),
  detectedAt: z.string(),
  /** Link to the change in the web app. */
  link: z.string(),
});
export type DigestItem = z.infer<typeof digestItemSchema>;

/** What a digest delivery carries: the changes it summarises, frozen when the digest was built. */
export const digestPayloadSchema = z.object({
  /** The UTC day of the digest, YYYY-MM-DD. */
  day: z.string(),
  items: z.array(digestItemSchema),
});
export type DigestPayload = z.infer<typeof digestPayloadSchema>;

export const deliveryKinds = ["alert", "test", "digest"] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];

/**
 * A delivery's payload by its kind: alerts render their notification (no payload of their own), a test
 * carries its sample message, a digest its items.
 */
export const deliveryPayloadSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("alert"), payload: z.null() }),
  z.object({ kind: z.literal("test"), payload: alertMessageSchema }),
  z.object({ kind: z.literal("digest"), payload: digestPayloadSchema }),
]);
export type DeliveryPayload = z.infer<typeof deliveryPayloadSchema>;
