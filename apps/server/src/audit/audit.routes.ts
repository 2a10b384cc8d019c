import { auditQuerySchema } from "@changeradar/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { validate } from "../http/validate";
import { auditPage } from "./audit.service";

export function registerAuditRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get("/admin/audit", { preHandler: api.requireAdmin }, async (request) => {
    const { page, pageSize, ...filter } = validate(auditQuerySchema, request.query);
    return auditPage(ctx.db, filter, { page, pageSize });
  });
}
