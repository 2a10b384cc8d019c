import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { billingEvents } from "../db/schema/billing";
import { type UserRow, users } from "../db/schema/users";
import { isUuid } from "../users/users.repository";

/** Records a webhook event id; false when it was already recorded (a replay: apply nothing). */
export async function recordEvent(tx: Database, id: string, type: string): Promise<boolean> {
  const rows = await tx.insert(billingEvents).values({ id, type }).onConflictDoNothing().returning();
  return rows.length === 1;
}

/** The user a Stripe object belongs to, locked for the transaction: by our user id, else by customer id. */
export async function findBillingUser(
  tx: Database,
  ref: { userId?: string | null; customerId?: string | null },
): Promise<UserRow | null> {
  if (ref.userId && isUuid(ref.userId)) {
    const [row] = await tx.select().from(users).where(eq(users.id, ref.userId)).for("update");
    if (row) return row;
  }
  if (ref.customerId) {
    const [row] = await tx
      .select()
      .from(users)
      .where(eq(users.stripeCustomerId, ref.customerId))
      .for("update");
    if (row) return row;
  }
  return null;
}

export async function setBillingIds(
  tx: Database,
  userId: string,
  ids: { stripeCustomerId?: string; stripeSubscriptionId?: string; billingEventAt?: Date },
): Promise<void> {
  if (Object.keys(ids).length === 0) return;
  await tx.update(users).set(ids).where(eq(users.id, userId));
}

export async function countEvents(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(billingEvents);
  return row.n;
}
