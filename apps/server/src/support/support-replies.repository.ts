import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/database";
import { supportReplies, supportRequests } from "../db/schema";

export type SupportReplyRow = typeof supportReplies.$inferSelect;

export async function listReplies(db: Database, requestIds: string[]): Promise<SupportReplyRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(supportReplies)
    .where(inArray(supportReplies.requestId, requestIds))
    .orderBy(supportReplies.createdAt);
}

export async function findSupportRequest(db: Database, id: string) {
  const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id)).limit(1);
  return row ?? null;
}

export async function insertReply(
  db: Database,
  reply: typeof supportReplies.$inferInsert,
): Promise<SupportReplyRow> {
  const [row] = await db.insert(supportReplies).values(reply).returning();
  await db.update(supportRequests).set({ status: "answered" }).where(eq(supportRequests.id, reply.requestId));
  return row!;
}
