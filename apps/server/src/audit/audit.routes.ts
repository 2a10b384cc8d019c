import { auditPageSchema, auditQuerySchema } from "@changeradar/contracts";
import type { AppContext } from "../context";
import { type Api, failures } from "../http/route-schema";
import { auditPage } from "./audit.service";

export function registerAuditRoutes(api: Api, ctx: AppContext): void {
  api.get(
    "/admin/audit",
    {
      preHandler: api.requireAdmin,
      schema: {
        tags: ["Admin"],
        summary: "The audit log of administrators' actions, newest first",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...failures(400) },
      },
    },
    async (request) => auditPage(ctx, request.query),
  );
}
