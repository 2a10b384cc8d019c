import type { FastifyInstance } from "fastify";
import { registerVisitorRoutes } from "./analytics/visitors.routes";
import { registerAuthRoutes } from "./auth/auth.routes";
import { registerRecoveryRoutes } from "./auth/recovery.routes";
import { registerHistoryRoutes } from "./checks/history.routes";
import type { AppContext } from "./context";
import { registerHealthRoutes } from "./health/health.routes";
import { registerMonitorRoutes } from "./monitors/monitors.routes";
import { registerSupportRoutes } from "./support/support.routes";
import { registerUserRoutes } from "./users/users.routes";

/**
 * Every domain's routes, mounted under /api/v1. A new domain writes `registerXRoutes(api, ctx)` in its
 * own folder and adds one line here.
 */
export const domainRoutes: Array<(api: FastifyInstance, ctx: AppContext) => void | Promise<void>> = [
  registerHealthRoutes,
  registerMonitorRoutes,
  registerHistoryRoutes,
  registerAuthRoutes,
  registerRecoveryRoutes,
  registerUserRoutes,
  registerSupportRoutes,
  registerVisitorRoutes,
];
