import { sql } from "drizzle-orm";
import { integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { monitors } from "./monitors";
import { users } from "./users";

/**
 * Each user's demo page (issue 13 §5, "try it"): a small product page the server serves at
 * `/demo/<token>` and changes on request. Its content is drawn from `version` alone; `monitorId` is the
 * monitor "Try it on a demo page" made, whose checks read the page in-process (never over the network).
 */
export const demoPages = pgTable("demo_pages", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  monitorId: uuid("monitor_id").references(() => monitors.id, { onDelete: "set null" }),
  version: integer("version").notNull().default(0),
  changedAt: timestamptz("changed_at"),
  createdAt: createdAt(),
});
export type DemoPageRow = typeof demoPages.$inferSelect;

/**
 * The condition "this monitor counts toward the plan's monitor limit": every monitor but a demo page's
 * (trying the demo must not take a Free account's only monitor) and a site monitor's pages (the plan caps
 * them per site instead: entitlements sitePagesRefusal).
 */
export const countsTowardPlan = sql`${monitors.parentId} is null and not exists (select 1 from ${demoPages} where ${demoPages.monitorId} = ${monitors.id})`;
