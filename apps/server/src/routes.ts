import type { FastifyInstance } from "fastify";
import type { AppContext } from "./context";
import { registerHealthRoutes } from "./health/health.routes";

/**
 * Every domain's routes, mounted under /api/v1. A new domain writes `registerXRoutes(api, ctx)` in its
 * own folder and adds one line here.
 */
export const domainRoutes: Array<(api: FastifyInstance, ctx: AppContext) => void | Promise<void>> = [
  registerHealthRoutes,
];
