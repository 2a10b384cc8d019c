import { z } from "zod";
import { pageOf, pageQuerySchema } from "./paging";
import { channelTypes } from "./plans";

/** Alert channels and the Notification Center (issue #4). */

export const createChannelSchema = z.strictObject({
  type: z.enum(channelTypes, { error: "Choose a channel type" }),
  name: z.string().trim().min(1, "Name is required").max(100, "Max. 100 characters allowed!"),
  /** Per type: email {to}; sms {to, accountSid?, …}; webhook/slack/discord/teams {url}; telegram {botToken, chatId}; ntfy {server?, topic, token?}. */
  config: z.record(z.string(), z.unknown()),
});
export type CreateChannelInput = z.input<typeof createChannelSchema>;

export const channelSchema = z.object({
  id: z.string(),
  type: z.enum(channelTypes),
  name: z.string(),
  /** Config with secrets masked ("••••1234"). */
  config: z.record(z.string(), z.unknown()),
  verified: z.boolean(),
  createdAt: z.string(),
  lastDelivery: z.object({ status: z.string(), at: z.string(), error: z.string().nullable() }).nullable(),
  /** Only in the answer to creation of a webhook channel: the signing secret, shown once. */
  secret: z.string().optional(),
});
export type Channel = z.infer<typeof channelSchema>;
/** POST /channels/:id/test queues a sample alert (202) and names its delivery. */
export const channelTestResultSchema = z.object({ queued: z.literal(true), deliveryId: z.string() });
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;

export const verifyChannelSchema = z.strictObject({
  code: z.string().regex(/^\d{6}$/, "Passcode must be 6 digits"),
});
export type VerifyChannelInput = z.input<typeof verifyChannelSchema>;

export const deliveryStatuses = ["pending", "sending", "delivered", "failed", "dead"] as const;
export const deliverySchema = z.object({
  id: z.string(),
  channelId: z.string().nullable(),
  channelType: z.enum(channelTypes),
  channelName: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const notificationTypes = ["change", "failing", "recovered"] as const;
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  title: z.string(),
  body: z.string(),
  monitorId: z.string().nullable(),
  monitorName: z.string().nullable(),
  changeId: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  deliveries: z.array(deliverySchema),
});
export type Notification = z.infer<typeof notificationSchema>;

export const listNotificationsQuerySchema = z.strictObject({
  read: z.enum(["read", "unread"]).optional(),
  type: z.enum(notificationTypes).optional(),
  monitorId: z.string().uuid().optional(),
  deliveryStatus: z.enum(deliveryStatuses).optional(),
  ...pageQuerySchema.shape,
});
/** What a client sends: any of the filters and page numbers; the server fills the page defaults. */
export type ListNotificationsQuery = Partial<z.output<typeof listNotificationsQuerySchema>>;
/** GET /notifications: one page, with the unread count for the badge. */
export const notificationPageSchema = pageOf(notificationSchema).extend({ unread: z.number() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;
export const unreadCountSchema = z.object({ count: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** POST /live/ticket: a short-lived ticket that opens the event stream below. */
export const liveTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export type LiveTicket = z.infer<typeof liveTicketSchema>;

/** Server-Sent Events on GET /api/v1/events?ticket=… (EventSource cannot send headers). */
export const liveEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("check"),
    monitorId: z.string(),
    status: z.enum(["unchanged", "not_modified", "changed", "error", "started"]),
    at: z.string(),
  }),
  z.object({
    type: z.literal("notification"),
    id: z.string(),
    monitorId: z.string().nullable(),
    title: z.string(),
  }),
  z.object({ type: z.literal("monitor"), monitorId: z.string() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
