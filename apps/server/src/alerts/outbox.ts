import type { AlertChangeFacts, AlertMonitor, LiveEvent, NotificationPayload } from "@changeradar/contracts";
import type { Database } from "../db/database";
import type { NotificationType } from "../db/schema/alerts";
import {
  DELIVERIES_CHANNEL,
  findOwnedChannels,
  findRecipient,
  insertDeliveries,
  insertNotification,
  LIVE_EVENTS_CHANNEL,
  liveEventPayload,
  type NewDelivery,
  publish,
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

export async function enqueueChangeAlerts(
  tx: Database,
  input: ChangeAlertInput,
): Promise<{ notificationId: string }> {
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
  return enqueue(tx, input.userId, monitor, "change", {
    title: `${monitor.name} changed`,
    body: change.summary,
    changeId: change.id,
    payload,
  });
}

export async function enqueueMonitorHealthAlert(
  tx: Database,
  input: HealthAlertInput,
): Promise<{ notificationId: string }> {
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
  return enqueue(tx, input.userId, monitor, input.kind, {
    title: failing ? `${monitor.name} is failing` : `${monitor.name} is back to normal`,
    body: failing
      ? `${input.reason} (${input.consecutiveFailures} failed checks in a row)`
      : `Checks succeed again after ${input.consecutiveFailures} failed checks.`,
    changeId: null,
    payload,
  });
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

async function enqueue(
  tx: Database,
  userId: string,
  monitor: MonitorToAlert,
  type: NotificationType,
  text: NotificationText,
): Promise<{ notificationId: string }> {
  const recipient = await findRecipient(tx, userId);
  if (!recipient) throw new Error(`Cannot alert user ${userId}: no such user`);
  const digestMode = type === "change" && recipient.preferences.alertMode === "digest";
  const notificationId = await insertNotification(tx, {
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

  const owned = await findOwnedChannels(tx, userId, monitor.channelIds);
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
  const deliveries = digestMode
    ? targets.filter((t) => IMMEDIATE_IN_DIGEST_MODE.has(t.channelType))
    : targets;
  await insertDeliveries(tx, deliveries);

  await notifyLive(tx, userId, {
    type: "notification",
    id: notificationId,
    monitorId: monitor.id,
    title: text.title,
  });
  if (deliveries.length > 0) await publish(tx, DELIVERIES_CHANNEL, "");
  return { notificationId };
}

function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
