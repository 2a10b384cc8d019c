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

/** The recipients of `userIds`, by id (a user who does not exist is missing). */
export async function findRecipients(
  tx: Database,
  userIds: readonly string[],
): Promise<Map<string, AlertRecipient>> {
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      preferences: users.notificationPreferences,
    })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(
    rows.map((row) => [
      row.id,
      { email: row.email, emailVerified: row.emailVerifiedAt !== null, preferences: row.preferences },
    ]),
  );
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

/** The channels among `ids`, whoever owns them (the caller keeps its user's own). */
export async function findChannels(tx: Database, ids: readonly string[]): Promise<ChannelRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(channels)
    .where(inArray(channels.id, [...ids]));
}

export async function insertNotifications(tx: Database, values: NewNotification[]): Promise<void> {
  if (values.length === 0) return;
  await tx.insert(notifications).values(values);
}

export async function insertDeliveries(tx: Database, values: NewDelivery[]): Promise<void> {
  if (values.length === 0) return;
  await tx.insert(deliveries).values(values);
}

/** pg_notify inside a transaction is delivered on commit and dropped on rollback. */
export async function publish(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Several notifications in one statement (inside a transaction they go out on commit). */
export async function publishAll(
  db: Database,
  messages: readonly { channel: string; payload: string }[],
): Promise<void> {
  if (messages.length === 0) return;
  await db.execute(sql`select pg_notify(m.channel, m.payload)
    from jsonb_to_recordset(${JSON.stringify(messages)}::jsonb) as m(channel text, payload text)`);
}

export function liveEventPayload(userId: string, event: LiveEvent): string {
  return JSON.stringify({ userId, event });
}
