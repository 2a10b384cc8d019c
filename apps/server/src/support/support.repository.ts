import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { supportRequests } from "../db/schema";

export type SupportRequestRow = typeof supportRequests.$inferSelect;

export async function insertSupportRequest(
  db: Database,
  request: typeof supportRequests.$inferInsert,
): Promise<SupportRequestRow> {
  const [row] = await db.insert(supportRequests).values(request).returning();
  return row!;
}

export async function listUserSupportRequests(db: Database, userId: string, limit = 100) {
  return db
    .select()
    .from(supportRequests)
    .where(and(eq(supportRequests.userId, userId), eq(supportRequests.kind, "gethelp")))
    .orderBy(desc(supportRequests.createdAt))
    .limit(limit);
}
