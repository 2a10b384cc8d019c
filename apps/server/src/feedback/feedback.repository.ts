import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { feedback } from "../db/schema/feedback";

export type FeedbackRow = typeof feedback.$inferSelect;

export async function insertFeedback(
  db: Database,
  values: { userId: string; rating: number; message: string },
): Promise<FeedbackRow> {
  const [row] = await db.insert(feedback).values(values).returning();
  if (!row) throw new Error("Inserting feedback returned no row");
  return row;
}

export async function listFeedback(db: Database, userId: string, limit = 100): Promise<FeedbackRow[]> {
  return db
    .select()
    .from(feedback)
    .where(eq(feedback.userId, userId))
    .orderBy(desc(feedback.createdAt))
    .limit(limit);
}
