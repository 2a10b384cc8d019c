import { randomUUID } from "node:crypto";
import type { AlertChangeFacts, AlertMonitor, LiveEvent, NotificationPayload } from "@changeradar/contracts";
import type { Database } from "../db/database";
import type { NotificationType } from "../db/schema/alerts";
import {
  DELIVERIES_CHANNEL,
  findChannels,
  findRecipients,
  insertDeliveries,
  insertNotifications,
  LIVE_EVENTS_CHANNEL,
  liveEventPayload,
  type NewDelivery,
  type NewNotification,
  publish,
  publishAll,
} from "./outbox.repository";

/**
 * The transactional outbox (DESIGN §2), called by the check pipeline inside the transaction that stores
 * a change: the notification and one delivery per channel commit (or roll back) with it. Dispatchers
 * send the deliveries later; nothing is sent from here.
 */

/** The monitor an alert is about, with its alert channels (none: the account's own verified email address). */
export type MonitorToAlert = AlertMonitor & { channelIds: readonly string[] };

export interface ChangeAlertInput {
  userId: string;
  monitor: MonitorToAlert;
  change: Omit<AlertChangeFacts, "detectedAt" | "kinds"> & {
    detectedAt: Date | string;
    kinds: readonly string[];
  };
}

export interface HealthAlertInput {
  userId: string;
  monitor: MonitorToAlert;
  kind: "failing" | "recovered";
  reason: string;
  consecutiveFailures: number;
  /** When the monitor started failing; now when absent. */
  since?: Date | string;
}

/** The account's own address as a channel: used when a monitor has no channel selected. */
export const ACCOUNT_EMAIL_CHANNEL_NAME = "Account email";

/**
 * Digest users get change alerts in one daily email; webhooks still receive every change, because
 * integrations rely on each event.
 */
const IMMEDIATE_IN_DIGEST_MODE = new Set(["webhook"]);

/** One alert to enqueue: its notification and, through the monitor's channels, its deliveries. */
export interface QueuedAlert {
  userId: string;
  monitor: MonitorToAlert;
  type: NotificationType;
  text: NotificationText;
}

export function changeAlert(input: ChangeAlertInput): QueuedAlert {
  const { change, monitor } = input;
  const payload: NotificationPayload = {
    monitor: { id: monitor.id, url: monitor.url, name: monitor.name },
    change: {
      id: change.id,
      detectedAt: toIso(change.detectedAt),
      kinds: [...change.kinds],
      summary: change.summary,
      significance: change.significance,
      ...(change.diffExcerpt ? { diffExcerpt: change.diffExcerpt } : {}),
      ...(change.price ? { price: change.price } : {}),
    },
  };
  return {
    userId: input.userId,
    monitor,
    type: "change",
    text: { title: `${monitor.name} changed`, body: change.summary, changeId: change.id, payload },
  };
}

export function healthAlert(input: HealthAlertInput): QueuedAlert {
  const { monitor } = input;
  const failing = input.kind === "failing";
  const payload: NotificationPayload = {
    monitor: { id: monitor.id, url: monitor.url, name: monitor.name },
    failure: {
      reason: input.reason,
      consecutiveFailures: input.consecutiveFailures,
      since: toIso(input.since ?? new Date()),
    },
  };
  return {
    userId: input.userId,
    monitor,
    type: input.kind,
    text: {
      title: failing ? `${monitor.name} is failing` : `${monitor.name} is back to normal`,
      body: failing
        ? `${input.reason} (${input.consecutiveFailures} failed checks in a row)`
        : `Checks succeed again after ${input.consecutiveFailures} failed checks.`,
      changeId: null,
      payload,
    },
  };
}

export function enqueueChangeAlerts(
  tx: Database,
  input: ChangeAlertInput,
): Promise<{ notificationId: string }> {
  return enqueueOne(tx, changeAlert(input));
}

export function enqueueMonitorHealthAlert(
  tx: Database,
  input: HealthAlertInput,
): Promise<{ notificationId: string }> {
  return enqueueOne(tx, healthAlert(input));
}

/** One alert through the batch path: the `enqueueAlerts` of a single alert. */
async function enqueueOne(tx: Database, alert: QueuedAlert): Promise<{ notificationId: string }> {
  const [notificationId] = await enqueueAlerts(tx, [alert]);
  return { notificationId };
}

/** Publishes a live event to every API node's SSE streams; inside a transaction it goes out on commit. */
export async function notifyLive(db: Database, userId: string, event: LiveEvent): Promise<void> {
  await publish(db, LIVE_EVENTS_CHANNEL, liveEventPayload(userId, event));
}

interface NotificationText {
  title: string;
  body: string;
  changeId: string | null;
  payload: NotificationPayload;
}

/**
 * Enqueues alerts together (a batch of checks): a few statements whatever their number — the recipients,
 * the channels, the notifications, the deliveries, and one for every live event and the dispatchers' wake-up.
 * Returns the notifications' ids, in the order of `alerts`.
 */
export async function enqueueAlerts(tx: Database, alerts: readonly QueuedAlert[]): Promise<string[]> {
  if (alerts.length === 0) return [];
  const recipients = await findRecipients(tx, [...new Set(alerts.map((alert) => alert.userId))]);
  const channels = await findChannels(tx, [...new Set(alerts.flatMap((alert) => alert.monitor.channelIds))]);
  const notifications: (NewNotification & { id: string })[] = [];
  const deliveries: NewDelivery[] = [];
  for (const { userId, monitor, type, text } of alerts) {
    const recipient = recipients.get(userId);
    if (!recipient) throw new Error(`Cannot alert user ${userId}: no such user`);
    const digestMode = type === "change" && recipient.preferences.alertMode === "digest";
    const notificationId = randomUUID();
    notifications.push({
      id: notificationId,
      userId,
      monitorId: monitor.id,
      monitorName: monitor.name,
      changeId: text.changeId,
      type,
      title: text.title,
      body: text.body,
      payload: text.payload,
      digest: digestMode ? "pending" : null,
    });
    // The user's own channels among the monitor's; ids of other users' channels are ignored.
    const owned = channels.filter(
      (channel) => channel.userId === userId && monitor.channelIds.includes(channel.id),
    );
    const targets: NewDelivery[] =
      owned.length > 0
        ? owned.map((channel) => ({
            userId,
            notificationId,
            channelId: channel.id,
            channelType: channel.type,
            channelName: channel.name,
          }))
        : [
            {
              userId,
              notificationId,
              channelId: null,
              channelType: "email",
              channelName: ACCOUNT_EMAIL_CHANNEL_NAME,
            },
          ];
    deliveries.push(
      ...(digestMode ? targets.filter((t) => IMMEDIATE_IN_DIGEST_MODE.has(t.channelType)) : targets),
    );
  }
  await insertNotifications(tx, notifications);
  await insertDeliveries(tx, deliveries);
  const live = notifications.map((n, i) => ({
    channel: LIVE_EVENTS_CHANNEL,
    payload: liveEventPayload(n.userId, {
      type: "notification",
      id: n.id,
      monitorId: alerts[i].monitor.id,
      title: n.title,
    }),
  }));
  await publishAll(
    tx,
    deliveries.length > 0 ? [...live, { channel: DELIVERIES_CHANNEL, payload: "" }] : live,
  );
  return notifications.map((n) => n.id);
}

function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
