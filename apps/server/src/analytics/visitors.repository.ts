import type { Database } from "../db/database";
import { visitors } from "../db/schema";

export type UserAgentClass = (typeof visitors.$inferInsert)["userAgentClass"];

/** One row per session per day; a repeat is ignored. */
export async function recordVisit(db: Database, visit: typeof visitors.$inferInsert): Promise<void> {
  await db
    .insert(visitors)
    .values(visit)
    .onConflictDoNothing({ target: [visitors.sessionHash, visitors.day] });
}
