import type { Delivery, Notification } from "@changeradar/contracts";
import type { DeliveryRow, NotificationRow } from "../db/schema/alerts";

export function presentDelivery(row: DeliveryRow): Delivery {
  const waiting = row.status === "pending" || row.status === "failed" || row.status === "sending";
  return {
    id: row.id,
    channelId: row.channelId,
    channelType: row.channelType,
    channelName: row.channelName,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: waiting ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

export function presentNotification(row: NotificationRow, deliveries: readonly DeliveryRow[]): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    monitorId: row.monitorId,
    monitorName: row.monitorName,
    changeId: row.changeId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    deliveries: deliveries.map(presentDelivery),
  };
}
