import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import {
  type ChannelRow,
  channels,
  type DeliveryRow,
  deliveries,
  type NotificationRow,
  notifications,
} from "../../db/schema/alerts";
import { type UserRow, users } from "../../db/schema/users";

/** Claim and outcome SQL of the dispatcher. Each function is one short statement or transaction. */

const CLAIMABLE = ["pending", "failed", "sending"] as const;

/**
 * Claims up to `limit` due deliveries: SKIP LOCKED lets dispatchers on many nodes share the queue.
 * The attempt is counted at claim time, so a delivery that keeps crashing its dispatcher still ends dead;
 * `next_attempt_at` becomes the lease end, after which another dispatcher may take it over.
 */
export async function claimDueDeliveries(
  db: Database,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<DeliveryRow[]> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(inArray(deliveries.status, [...CLAIMABLE]), lte(deliveries.nextAttemptAt, now)))
      .orderBy(asc(deliveries.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    return tx
      .update(deliveries)
      .set({
        status: "sending",
        attempts: sql`${deliveries.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
      })
      .where(inArray(deliveries.id, due))
      .returning();
  });
}

/** Only the claim that is still current may record an outcome (a lease taken over makes it stale). */
function currentClaim(claim: Pick<DeliveryRow, "id" | "attempts">) {
  return and(
    eq(deliveries.id, claim.id),
    eq(deliveries.attempts, claim.attempts),
    eq(deliveries.status, "sending"),
  );
}

export async function markDelivered(db: Database, claim: DeliveryRow, at: Date): Promise<void> {
  await db
    .update(deliveries)
    .set({ status: "delivered", deliveredAt: at, lastError: null })
    .where(currentClaim(claim));
}

export async function markRetry(
  db: Database,
  claim: DeliveryRow,
  reason: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db
    .update(deliveries)
    .set({ status: "failed", lastError: reason, nextAttemptAt })
    .where(currentClaim(claim));
}

export async function markDead(db: Database, claim: DeliveryRow, reason: string): Promise<void> {
  await db.update(deliveries).set({ status: "dead", lastError: reason }).where(currentClaim(claim));
}

/** Gives a claim back untouched (graceful shutdown before sending): due again at once, attempt not counted. */
export async function releaseClaim(db: Database, claim: DeliveryRow, now: Date): Promise<void> {
  await db
    .update(deliveries)
    .set({
      status: claim.attempts > 1 ? "failed" : "pending",
      attempts: claim.attempts - 1,
      nextAttemptAt: now,
    })
    .where(currentClaim(claim));
}

export interface DeliverySubject {
  user: Pick<
    UserRow,
    "id" | "email" | "emailVerifiedAt" | "planType" | "planStatus" | "planStatusAt" | "firstName"
  >;
  channel: ChannelRow | null;
  notification: NotificationRow | null;
}

/** The delivery's user, channel and notification, in one round trip. */
export async function loadDeliverySubject(
  db: Database,
  delivery: DeliveryRow,
): Promise<DeliverySubject | null> {
  const [row] = await db
    .select({
      user: {
        id: users.id,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        planType: users.planType,
        planStatus: users.planStatus,
        planStatusAt: users.planStatusAt,
        firstName: users.firstName,
      },
      channel: channels,
      notification: notifications,
    })
    .from(users)
    .leftJoin(channels, delivery.channelId ? eq(channels.id, delivery.channelId) : sql`false`)
    .leftJoin(
      notifications,
      delivery.notificationId ? eq(notifications.id, delivery.notificationId) : sql`false`,
    )
    .where(eq(users.id, delivery.userId));
  return row ?? null;
}
