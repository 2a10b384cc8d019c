import type { DigestPayload } from "@changeradar/contracts";
import { and, eq, lt } from "drizzle-orm";
import type { Database } from "../../db/database";
import { deliveries, type NotificationRow, notifications } from "../../db/schema/alerts";
import { users } from "../../db/schema/users";
import { ACCOUNT_EMAIL_CHANNEL_NAME } from "../outbox";

/** Users with change notifications waiting for their digest, and the hour they want it. */
export async function usersWithPendingDigest(
  db: Database,
): Promise<{ userId: string; digestHour: number }[]> {
  const rows = await db
    .selectDistinct({ userId: notifications.userId, preferences: users.notificationPreferences })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.digest, "pending"));
  return rows.map((row) => ({ userId: row.userId, digestHour: row.preferences.digestHour }));
}

/**
 * Takes the user's pending notifications created before `cutoff` and, in the same transaction, writes the
 * digest delivery. Two workers racing here cannot both take a row (the update locks and flips it).
 */
export async function takePendingDigest(
  db: Database,
  userId: string,
  cutoff: Date,
  build: (rows: NotificationRow[]) => DigestPayload,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(notifications)
      .set({ digest: "sent" })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.digest, "pending"),
          lt(notifications.createdAt, cutoff),
        ),
      )
      .returning();
    if (taken.length === 0) return false;
    await tx.insert(deliveries).values({
      userId,
      channelId: null,
      channelType: "email",
      channelName: ACCOUNT_EMAIL_CHANNEL_NAME,
      kind: "digest",
      payload: build(taken),
    });
    return true;
  });
}
