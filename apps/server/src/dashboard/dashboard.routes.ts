import { dashboardSchema } from "@changeradar/contracts";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import type { Api } from "../http/route-schema";
import { buildDashboard } from "./dashboard.service";

export function registerDashboardRoutes(api: Api, ctx: AppContext): void {
  api.get(
    "/dashboard",
    {
      preHandler: api.authenticate,
      schema: { tags: ["Reports"], summary: "Dashboard figures", response: { 200: dashboardSchema } },
    },
    async (request) => buildDashboard(asUser(ctx, request)),
  );
}
