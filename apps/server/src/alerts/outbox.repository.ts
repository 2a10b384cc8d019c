import type { LiveEvent, NotificationPreferences } from "@changeradar/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { type ChannelRow, channels, deliveries, notifications } from "../db/schema/alerts";
import { users } from "../db/schema/users";

/** SQL of the outbox: every statement runs in the caller's transaction. */

export const LIVE_EVENTS_CHANNEL = "changeradar_events";
/** Wakes idle dispatchers as soon as an outbox transaction commits. */
export const DELIVERIES_CHANNEL = "changeradar_deliveries";

export interface AlertRecipient {
  email: string;
  emailVerified: boolean;
  preferences: NotificationPreferences;
}

export async function findRecipient(tx: Database, userId: string): Promise<AlertRecipient | null> {
  const [row] = await tx
    .select({
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      preferences: users.notificationPreferences,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  return { email: row.email, emailVerified: row.emailVerifiedAt !== null, preferences: row.preferences };
}

/** The user's own channels among `ids`; ids of other users' channels are ignored. */
export async function findOwnedChannels(
  tx: Database,
  userId: string,
  ids: readonly string[],
): Promise<ChannelRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(channels)
    .where(and(eq(channels.userId, userId), inArray(channels.id, [...ids])));
}

export type NewNotification = typeof notifications.$inferInsert;
export type NewDelivery = typeof deliveries.$inferInsert;

export async function insertNotification(tx: Database, values: NewNotification): Promise<string> {
  const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  if (!row) throw new Error("Inserting a notification returned no row");
  return row.id;
}

export async function insertDeliveries(tx: Database, values: NewDelivery[]): Promise<void> {
  if (values.length === 0) return;
  await tx.insert(deliveries).values(values);
}

/** pg_notify inside a transaction is delivered on commit and dropped on rollback. */
export async function publish(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export function liveEventPayload(userId: string, event: LiveEvent): string {
  return JSON.stringify({ userId, event });
}
