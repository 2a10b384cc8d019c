import { and, count, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { type ChannelRow, channels, channelVerificationCodes, deliveries } from "../db/schema/alerts";

export type NewChannel = typeof channels.$inferInsert;

export interface LastDelivery {
  status: string;
  at: Date;
  error: string | null;
}

export async function listChannels(db: Database, userId: string): Promise<ChannelRow[]> {
  return db.select().from(channels).where(eq(channels.userId, userId)).orderBy(channels.createdAt);
}

export async function countChannels(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(channels).where(eq(channels.userId, userId));
  return row?.n ?? 0;
}

/** Another user's channel is simply not found. */
export async function findChannel(db: Database, userId: string, id: string): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.id, id), eq(channels.userId, userId)));
  return row ?? null;
}

export async function insertChannel(db: Database, values: NewChannel): Promise<ChannelRow> {
  const [row] = await db.insert(channels).values(values).returning();
  if (!row) throw new Error("Inserting a channel returned no row");
  return row;
}

export async function markChannelVerified(db: Database, id: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(channels).set({ verifiedAt: at }).where(eq(channels.id, id));
    await tx.delete(channelVerificationCodes).where(eq(channelVerificationCodes.channelId, id));
  });
}

/** Deliveries still waiting for a removed channel end dead, so the user sees why they never arrived. */
export async function deleteChannel(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(deliveries)
      .set({ status: "dead", lastError: "The channel was removed." })
      .where(and(eq(deliveries.channelId, id), inArray(deliveries.status, ["pending", "failed", "sending"])));
    await tx.delete(channels).where(eq(channels.id, id));
  });
}

/** The latest delivery of each channel, for "last delivery" in the channel list. */
export async function lastDeliveries(
  db: Database,
  channelIds: readonly string[],
): Promise<Map<string, LastDelivery>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([deliveries.channelId], {
      channelId: deliveries.channelId,
      status: deliveries.status,
      createdAt: deliveries.createdAt,
      deliveredAt: deliveries.deliveredAt,
      error: deliveries.lastError,
    })
    .from(deliveries)
    .where(inArray(deliveries.channelId, [...channelIds]))
    .orderBy(deliveries.channelId, desc(deliveries.createdAt));
  return new Map(
    rows.flatMap((row) =>
      row.channelId
        ? [
            [
              row.channelId,
              { status: row.status, at: row.deliveredAt ?? row.createdAt, error: row.error },
            ] as const,
          ]
        : [],
    ),
  );
}

export interface VerificationCodeRow {
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  sentAt: Date;
}

export async function findVerificationCode(
  db: Database,
  channelId: string,
): Promise<VerificationCodeRow | null> {
  const [row] = await db
    .select()
    .from(channelVerificationCodes)
    .where(eq(channelVerificationCodes.channelId, channelId));
  return row ?? null;
}

export async function saveVerificationCode(
  db: Database,
  channelId: string,
  code: { codeHash: string; expiresAt: Date; sentAt: Date },
): Promise<void> {
  await db
    .insert(channelVerificationCodes)
    .values({ channelId, ...code, attempts: 0 })
    .onConflictDoUpdate({ target: channelVerificationCodes.channelId, set: { ...code, attempts: 0 } });
}

/**
 * Spends one attempt on the channel's live code and returns its hash, in one atomic UPDATE, so parallel
 * guesses cannot all read the same count; null once the code is expired or its attempts are used up.
 */
export async function claimVerificationAttempt(
  db: Database,
  channelId: string,
  maxAttempts: number,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(channelVerificationCodes)
    .set({ attempts: sql`${channelVerificationCodes.attempts} + 1` })
    .where(
      and(
        eq(channelVerificationCodes.channelId, channelId),
        lt(channelVerificationCodes.attempts, maxAttempts),
        gt(channelVerificationCodes.expiresAt, now),
      ),
    )
    .returning({ codeHash: channelVerificationCodes.codeHash });
  return row?.codeHash ?? null;
}
