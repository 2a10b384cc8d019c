import { and, asc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
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

/**
 * Only the claim that is still current may record an outcome (a lease taken over makes it stale). The id
 * and attempts may be a claim's values or columns of a round's input rows (markDelivered).
 */
function currentClaim(claim: { id: string | SQL; attempts: number | SQL }) {
  return and(
    eq(deliveries.id, claim.id),
    eq(deliveries.attempts, claim.attempts),
    eq(deliveries.status, "sending"),
  );
}

/**
 * Records the deliveries sent in a round, each with when it was sent, in one statement. Only a claim that
 * is still current is marked (a lease another dispatcher took over makes it stale).
 */
export async function markDelivered(
  db: Database,
  sent: readonly { claim: DeliveryRow; at: Date }[],
): Promise<void> {
  if (sent.length === 0) return;
  const input = JSON.stringify(
    sent.map(({ claim, at }) => ({ id: claim.id, attempts: claim.attempts, at: at.toISOString() })),
  );
  await db.execute(sql`
    update ${deliveries} set status = 'delivered', delivered_at = sent.at, last_error = null
    from jsonb_to_recordset(${input}::jsonb) as sent(id uuid, attempts int, at timestamptz)
    where ${currentClaim({ id: sql`sent.id`, attempts: sql`sent.attempts` })}`);
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

/**
 * Each claimed delivery's user, channel and notification, by delivery id, in one round trip for the round
 * (a delivery whose account is gone has none).
 */
export async function loadDeliverySubjects(
  db: Database,
  claims: readonly DeliveryRow[],
): Promise<Map<string, DeliverySubject>> {
  if (claims.length === 0) return new Map();
  const rows = await db
    .select({
      deliveryId: deliveries.id,
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
    .from(deliveries)
    .innerJoin(users, eq(users.id, deliveries.userId))
    .leftJoin(channels, eq(channels.id, deliveries.channelId))
    .leftJoin(notifications, eq(notifications.id, deliveries.notificationId))
    .where(
      inArray(
        deliveries.id,
        claims.map((claim) => claim.id),
      ),
    );
  return new Map(rows.map(({ deliveryId, ...subject }) => [deliveryId, subject]));
}
