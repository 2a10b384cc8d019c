import { date, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * First-party visitor count (DECISIONS: cookie consent "all" → POST /auth/record-visitor once per session).
 * Only a hash of the session is kept; one row per session per day.
 */
export const visitors = pgTable(
  "visitors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionHash: text("session_hash").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    userAgentClass: text("user_agent_class", {
      enum: ["desktop", "mobile", "tablet", "bot", "other"],
    }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("visitors_session_day_unique").on(t.sessionHash, t.day)],
);
