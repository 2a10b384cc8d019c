import type { AuthUser, NotificationPage } from "@changeradar/contracts";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { DeliveryRow } from "../db/schema/alerts";
import { NotFound } from "../http/errors";
import { presentNotification } from "./notifications.presenter";
import * as repo from "./notifications.repository";

/** The Notification Center: every alert with its delivery status per channel. */
export function createNotificationsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async list(user: AuthUser, query: repo.NotificationQuery): Promise<NotificationPage> {
      const { rows, total } = await repo.listNotifications(db, user.id, query);
      const deliveries = await repo.deliveriesOf(
        db,
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
        unread: await repo.countUnread(db, user.id),
      };
    },

    async unreadCount(user: AuthUser): Promise<{ count: number }> {
      return { count: await repo.countUnread(db, user.id) };
    },

    async markRead(user: AuthUser, id: string): Promise<{ unread: number }> {
      if (!(await repo.markRead(db, user.id, id, clock.now()))) throw new NotFound("Notification not found.");
      return { unread: await repo.countUnread(db, user.id) };
    },

    async markAllRead(user: AuthUser): Promise<{ marked: number; unread: number }> {
      const marked = await repo.markAllRead(db, user.id, clock.now());
      return { marked, unread: 0 };
    },
  };
}
