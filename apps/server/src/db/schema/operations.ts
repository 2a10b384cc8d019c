import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

/**
 * Rate-limit counters shared by every API node (fixed windows): one row per key, incremented atomically
 * by an upsert; a row whose window has ended starts over, and ended rows are swept now and then.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    windowEndsAt: timestamptz("window_ends_at").notNull(),
  },
  (t) => [index("rate_limit_counters_window_idx").on(t.windowEndsAt)],
);

/**
 * Single-use tickets for the live-events stream (EventSource cannot send headers): only the sha-256 of
 * the ticket is stored; it lives about a minute and is spent by the first stream that presents it.
 */
export const liveTickets = pgTable(
  "live_tickets",
  {
    ticketHash: text("ticket_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("live_tickets_expires_idx").on(t.expiresAt)],
);
