import type {
  ChannelType,
  DeliveryKind,
  DeliveryPayload,
  deliveryStatuses,
  NotificationPayload,
  notificationTypes,
} from "@changeradar/contracts";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { changes } from "./checks";
import { createdAt, timestamptz } from "./columns";
import { monitors } from "./monitors";
import { users } from "./users";

/**
 * Alerts (DESIGN §2, transactional outbox): a change writes one notification and one delivery per
 * channel in the same transaction; dispatchers claim due deliveries with SKIP LOCKED and a lease.
 */

/** A user's alert channel. Secret fields of `config` live sealed (AES-256-GCM) in `sealedSecrets`. */
export const channels = pgTable(
  "channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<ChannelType>().notNull(),
    name: text("name").notNull(),
    /** The config without its secret fields. */
    config: jsonb("config").$type<Record<string, unknown>>().notNull(),
    sealedSecrets: text("sealed_secrets"),
    /** Email channels to addresses other than the account's need a mailed code first. */
    verifiedAt: timestamptz("verified_at"),
    createdAt: createdAt(),
  },
  (t) => [index("channels_user_idx").on(t.userId, t.createdAt)],
);
export type ChannelRow = typeof channels.$inferSelect;

/** One pending six-digit code per email channel, stored hashed; 10-minute expiry, 5 attempts. */
export const channelVerificationCodes = pgTable("channel_verification_codes", {
  channelId: uuid("channel_id")
    .primaryKey()
    .references(() => channels.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  expiresAt: timestamptz("expires_at").notNull(),
  attempts: integer("attempts").notNull().default(0),
  sentAt: timestamptz("sent_at").notNull().defaultNow(),
});

export type NotificationType = (typeof notificationTypes)[number];

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Kept (set null) when the monitor or change is deleted: the notification center keeps its history. */
    monitorId: uuid("monitor_id").references(() => monitors.id, { onDelete: "set null" }),
    monitorName: text("monitor_name"),
    changeId: uuid("change_id").references(() => changes.id, { onDelete: "set null" }),
    type: text("type").$type<NotificationType>().notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    payload: jsonb("payload").$type<NotificationPayload>().notNull(),
    readAt: timestamptz("read_at"),
    /** Digest users: "pending" until the daily digest email carries it, then "sent". */
    digest: text("digest").$type<"pending" | "sent">(),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_digest_pending_idx").on(t.userId).where(sql`${t.digest} = 'pending'`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * One message to one channel. Its id is the idempotency key (a webhook's `webhook-id`). A claim sets
 * status "sending" and pushes `next_attempt_at` to the lease end, so a crashed dispatcher's delivery
 * becomes due again by itself; one partial index serves every claim.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationId: uuid("notification_id").references(() => notifications.id, { onDelete: "cascade" }),
    /** Null for the account's own email address (the default channel) or a removed channel. */
    channelId: uuid("channel_id").references(() => channels.id, { onDelete: "set null" }),
    channelType: text("channel_type").$type<ChannelType>().notNull(),
    channelName: text("channel_name").notNull(),
    kind: text("kind").$type<DeliveryKind>().notNull().default("alert"),
    status: text("status").$type<DeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    deliveredAt: timestamptz("delivered_at"),
    /** Test and digest deliveries carry their own message; alerts render their notification. Parse by kind. */
    payload: jsonb("payload").$type<DeliveryPayload["payload"]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'failed', 'sending')`),
    index("deliveries_notification_idx").on(t.notificationId),
    index("deliveries_channel_idx").on(t.channelId, t.createdAt),
    // Deleting an account cascades here; without it each deletion scans every delivery.
    index("deliveries_user_idx").on(t.userId),
  ],
);
export type DeliveryRow = typeof deliveries.$inferSelect;
