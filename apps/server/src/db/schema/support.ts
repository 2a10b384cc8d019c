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
