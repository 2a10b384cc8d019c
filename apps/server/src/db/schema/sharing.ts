import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { changes } from "./checks";
import { createdAt, timestamptz } from "./columns";
import { monitors } from "./monitors";
import { users } from "./users";

/**
 * Private feeds of changes (issue 13 §4). The secret address is `<id>.<mac>`, the mac an HMAC of the id
 * and `nonce` under a key derived from the server secret: a database dump alone does not give the
 * addresses away, the owner can be shown theirs again, and rotating (a new nonce) voids the old one.
 */
export const changeFeeds = pgTable(
  "change_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: ["account", "monitor", "tag"] }).notNull(),
    monitorId: uuid("monitor_id").references(() => monitors.id, { onDelete: "cascade" }),
    tag: text("tag"),
    nonce: text("nonce").notNull(),
    lastReadAt: timestamptz("last_read_at"),
    revokedAt: timestamptz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("change_feeds_user_idx").on(t.userId, t.createdAt)],
);
export type ChangeFeedRow = typeof changeFeeds.$inferSelect;

/** Public, read-only, expiring links to one change; the address is built like a feed's. */
export const changeShares = pgTable(
  "change_shares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    changeId: uuid("change_id")
      .notNull()
      .references(() => changes.id, { onDelete: "cascade" }),
    nonce: text("nonce").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("change_shares_change_idx").on(t.changeId, t.createdAt)],
);
export type ChangeShareRow = typeof changeShares.$inferSelect;
