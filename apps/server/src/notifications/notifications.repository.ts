import type { listNotificationsQuerySchema } from "@changeradar/contracts";
import { and, asc, count, desc, eq, exists, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/database";
import { type DeliveryRow, deliveries, type NotificationRow, notifications } from "../db/schema/alerts";

export type NotificationQuery = z.output<typeof listNotificationsQuerySchema>;

function filters(db: Database, userId: string, query: NotificationQuery): SQL | undefined {
  const conditions: SQL[] = [eq(notifications.userId, userId)];
  if (query.read === "read") conditions.push(isNotNull(notifications.readAt));
  if (query.read === "unread") conditions.push(isNull(notifications.readAt));
  if (query.type) conditions.push(eq(notifications.type, query.type));
  if (query.monitorId) conditions.push(eq(notifications.monitorId, query.monitorId));
  if (query.deliveryStatus) {
    const withStatus = db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(
        and(eq(deliveries.notificationId, notifications.id), eq(deliveries.status, query.deliveryStatus)),
      );
    conditions.push(exists(withStatus));
  }
  return and(...conditions);
}

export async function listNotifications(
  db: Database,
  userId: string,
  query: NotificationQuery,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = filters(db, userId, query);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function deliveriesOf(db: Database, notificationIds: readonly string[]): Promise<DeliveryRow[]> {
  if (notificationIds.length === 0) return [];
  return db
    .select()
    .from(deliveries)
    .where(inArray(deliveries.notificationId, [...notificationIds]))
    .orderBy(asc(deliveries.createdAt));
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** False when the notification is not the user's (or does not exist). */
export async function markRead(db: Database, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (rows.length > 0) return true;
  const [existing] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return existing !== undefined;
}

export async function markAllRead(db: Database, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
