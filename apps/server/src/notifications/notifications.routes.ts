import { listNotificationsQuerySchema } from "@changeradar/contracts";
import type { FastifyInstance } from "fastify";
import { routeId } from "../alerts/route-id";
import type { AppContext } from "../context";
import { validate } from "../http/validate";
import { createNotificationsService } from "./notifications.service";

export function registerNotificationRoutes(api: FastifyInstance, ctx: AppContext): void {
  const notifications = createNotificationsService(ctx);
  const auth = { preHandler: api.authenticate };

  api.get("/notifications", auth, async (request) =>
    notifications.list(request.user, validate(listNotificationsQuerySchema, request.query)),
  );

  api.get("/notifications/unread-count", auth, async (request) => notifications.unreadCount(request.user));

  api.post("/notifications/read-all", auth, async (request) => notifications.markAllRead(request.user));

  api.post("/notifications/:id/read", auth, async (request) =>
    notifications.markRead(request.user, routeId(request.params, "Notification not found.")),
  );
}
