import {
  listNotificationsQuerySchema,
  notificationPageSchema,
  unreadCountSchema,
} from "@changeradar/contracts";
import { z } from "zod";
import { routeId } from "../alerts/route-id";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { type Api, failures, idParams } from "../http/route-schema";
import { listNotifications, markAllRead, markRead, unreadCount } from "./notifications.service";

const tags = ["Notifications"];

export function registerNotificationRoutes(api: Api, ctx: AppContext): void {
  const auth = { preHandler: api.authenticate };

  api.get(
    "/notifications",
    {
      ...auth,
      schema: {
        tags,
        summary: "List notifications with their delivery status per channel",
        querystring: listNotificationsQuerySchema,
        response: { 200: notificationPageSchema, ...failures(400) },
      },
    },
    async (request) => listNotifications(asUser(ctx, request), request.query),
  );

  api.get(
    "/notifications/unread-count",
    { ...auth, schema: { tags, summary: "Unread count", response: { 200: unreadCountSchema } } },
    async (request) => unreadCount(asUser(ctx, request)),
  );

  api.post(
    "/notifications/read-all",
    {
      ...auth,
      schema: {
        tags,
        summary: "Mark all read",
        response: { 200: z.object({ marked: z.number(), unread: z.number() }) },
      },
    },
    async (request) => markAllRead(asUser(ctx, request)),
  );

  api.post(
    "/notifications/:id/read",
    {
      ...auth,
      schema: {
        tags,
        summary: "Mark one read",
        params: idParams,
        response: { 200: z.object({ unread: z.number() }) },
      },
    },
    async (request) =>
      markRead(asUser(ctx, request), { id: routeId(request.params, "Notification not found.") }),
  );
}
