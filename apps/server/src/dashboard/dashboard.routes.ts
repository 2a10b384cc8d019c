import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { ownerOf } from "../entitlements";
import { buildDashboard } from "./dashboard.service";

export function registerDashboardRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get("/dashboard", { preHandler: api.authenticate }, async (request) =>
    buildDashboard(ctx, { ...ownerOf(request), emailVerified: request.user.emailVerified }),
  );
}
