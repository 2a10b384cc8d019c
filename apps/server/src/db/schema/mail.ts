import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";

export const mailStatuses = ["sent", "failed", "logged"] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** Every email the product sends (or, without SMTP, logs): the admin's "Manage Emails" log. */
export const mailLog = pgTable(
  "mail_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /** Which template produced it, e.g. "verification-code". */
    template: text("template").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: mailStatuses }).notNull(),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_log_created_idx").on(t.createdAt), index("mail_log_to_idx").on(t.to)],
);

/**
 * An administrator's edit of a system email (Manage Emails). No row: the default from mail/templates.ts.
 * "Reset to default" deletes the row.
 */
export const mailTemplates = pgTable("mail_templates", {
  key: text("key").primaryKey(),
  subject: text("subject").notNull(),
  heading: text("heading").notNull(),
  body: text("body").notNull(),
  updatedBy: uuid("updated_by"),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
