import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

export const supportKinds = ["gethelp", "contact"] as const;
export type SupportKind = (typeof supportKinds)[number];

/** Support requests from signed-in users (gethelp) and contact-form messages from anyone. */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: supportKinds }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: ["open", "answered", "closed"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
  },
  (t) => [index("support_requests_user_idx").on(t.userId, t.createdAt)],
);

/** An administrator's answer to a support request: shown on the user's Support screen and emailed. */
export const supportReplies = pgTable(
  "support_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => supportRequests.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("support_replies_request_idx").on(t.requestId, t.createdAt)],
);
