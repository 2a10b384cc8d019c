import { eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { type DemoPageRow, demoPages } from "../db/schema/demo";

export async function findDemoByUser(db: Database, userId: string): Promise<DemoPageRow | null> {
  const [row] = await db.select().from(demoPages).where(eq(demoPages.userId, userId));
  return row ?? null;
}

export async function findDemoByToken(db: Database, token: string): Promise<DemoPageRow | null> {
  const [row] = await db.select().from(demoPages).where(eq(demoPages.token, token));
  return row ?? null;
}

/** The user's demo page, made with `token` if they have none yet. */
export async function ensureDemo(db: Database, userId: string, token: string): Promise<DemoPageRow> {
  await db.insert(demoPages).values({ userId, token }).onConflictDoNothing({ target: demoPages.userId });
  return (await findDemoByUser(db, userId))!;
}

export async function linkDemoMonitor(db: Database, userId: string, monitorId: string): Promise<void> {
  await db.update(demoPages).set({ monitorId }).where(eq(demoPages.userId, userId));
}

/** The next version of the user's demo page (null when they have none). */
export async function bumpDemoVersion(db: Database, userId: string, now: Date): Promise<DemoPageRow | null> {
  const [row] = await db
    .update(demoPages)
    .set({ version: sql`${demoPages.version} + 1`, changedAt: now })
    .where(eq(demoPages.userId, userId))
    .returning();
  return row ?? null;
}
