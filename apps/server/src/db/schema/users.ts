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
    isAdmin: boolean("is_admin").notNull().default(false),
    emailVerifiedAt: timestamptz("email_verified_at"),
    notificationPreferences: jsonb("notification_preferences")
      .$type<NotificationPreferences>()
      .notNull()
      .default(defaultNotificationPreferences),
    disabledAt: timestamptz("disabled_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);
export type UserRow = typeof users.$inferSelect;
