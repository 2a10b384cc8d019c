import type { NotificationPage } from "@changeradar/contracts";
import type { DeliveryRow } from "../db/schema/alerts";
import type { UserContext } from "../entitlements";
import { NotFound } from "../http/errors";
import { presentNotification } from "./notifications.presenter";
import * as repo from "./notifications.repository";

/** The Notification Center: every alert with its delivery status per channel. */
type Ctx = UserContext<"db" | "clock">;

export async function listNotifications(ctx: Ctx, query: repo.NotificationQuery): Promise<NotificationPage> {
  const { rows, total } = await repo.listNotifications(ctx.db, ctx.user.id, query);
  const deliveries = await repo.deliveriesOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  const byNotification = new Map<string, DeliveryRow[]>();
  for (const delivery of deliveries) {
    if (!delivery.notificationId) continue;
    const list = byNotification.get(delivery.notificationId) ?? [];
    list.push(delivery);
    byNotification.set(delivery.notificationId, list);
  }
  return {
    items: rows.map((row) => presentNotification(row, byNotification.get(row.id) ?? [])),
    total,
    page: query.page,
    pageSize: query.pageSize,
    unread: await repo.countUnread(ctx.db, ctx.user.id),
  };
}

export async function unreadCount(ctx: Ctx): Promise<{ count: number }> {
  return { count: await repo.countUnread(ctx.db, ctx.user.id) };
}

export async function markRead(ctx: Ctx, input: { id: string }): Promise<{ unread: number }> {
  if (!(await repo.markRead(ctx.db, ctx.user.id, input.id, ctx.clock.now())))
    throw new NotFound("Notification not found.");
  return { unread: await repo.countUnread(ctx.db, ctx.user.id) };
}

export async function markAllRead(ctx: Ctx): Promise<{ marked: number; unread: number }> {
  const marked = await repo.markAllRead(ctx.db, ctx.user.id, ctx.clock.now());
  return { marked, unread: 0 };
}
