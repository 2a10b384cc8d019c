import {
  type BillingPeriod,
  defaultNotificationPreferences,
  type NotificationPreferences,
  type PlanName,
  type PlanStatus,
} from "@changeradar/contracts";
import { boolean, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { blobs } from "./blobs";
import { createdAt, timestamptz } from "./columns";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Always stored trimmed and lower-cased. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    avatarBlobId: text("avatar_blob_id").references(() => blobs.id),
    planType: text("plan_type").$type<PlanName>().notNull().default("Free"),
    planStatus: text("plan_status").$type<PlanStatus>().notNull().default("active"),
    period: text("period").$type<BillingPeriod>().notNull().default("monthly"),
    /** When planStatus last changed: the past-due grace period runs from here (entitlements/). */
    planStatusAt: timestamptz("plan_status_at").notNull().defaultNow(),
    /** Stripe's customer and subscription ids, once Checkout has created them (billing/). */
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** The `created` time of the newest subscription event applied: older events arriving late are ignored. */
    billingEventAt: timestamptz("billing_event_at"),
    isAdmin: boolean("is_admin").notNull().default(false),
    emailVerifiedAt: timestamptz("email_verified_at"),
    notificationPreferences: jsonb("notification_preferences")
      .$type<NotificationPreferences>()
      .notNull()
      .default(defaultNotificationPreferences),
    disabledAt: timestamptz("disabled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_stripe_customer_unique").on(t.stripeCustomerId),
  ],
);
export type UserRow = typeof users.$inferSelect;
