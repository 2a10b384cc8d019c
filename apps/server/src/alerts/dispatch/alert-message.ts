import type { AlertMessage, AlertType } from "@changeradar/contracts";
import type { DeliveryRow, NotificationRow, NotificationType } from "../../db/schema/alerts";

const ALERT_TYPES: Record<NotificationType, AlertType> = {
  change: "change.detected",
  failing: "monitor.failing",
  recovered: "monitor.recovered",
};

/** Links into the web app: the monitor's page, opened at the change. */
export function monitorUrl(appUrl: string, monitorId: string): string {
  return `${appUrl}/auth/mymonitors/${encodeURIComponent(monitorId)}`;
}

export function changeUrl(appUrl: string, monitorId: string, changeId: string): string {
  return `${monitorUrl(appUrl, monitorId)}?change=${encodeURIComponent(changeId)}`;
}

/**
 * The AlertMessage of an alert delivery, rebuilt from the notification's frozen payload on every attempt.
 * Its id is the delivery's id: the idempotency key a receiver sees again on a retry.
 */
export function alertMessageFor(
  delivery: DeliveryRow,
  notification: NotificationRow,
  appUrl: string,
): AlertMessage {
  const { monitor, change, failure } = notification.payload;
  const message: AlertMessage = {
    id: delivery.id,
    type: ALERT_TYPES[notification.type],
    occurredAt: notification.createdAt.toISOString(),
    appUrl,
    monitor: { ...monitor, detailUrl: monitorUrl(appUrl, monitor.id) },
  };
  if (change) message.change = { ...change, url: changeUrl(appUrl, monitor.id, change.id) };
  if (failure) message.failure = failure;
  return message;
}
