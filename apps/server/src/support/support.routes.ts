import { contactSchema, getHelpSchema } from "@changeradar/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { rateLimit } from "../http/rate-limits";
import { validate } from "../http/validate";
import { contactUs, listHelpRequests, requestHelp } from "./support.service";

export function registerSupportRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.post(
    "/users/gethelp",
    { preHandler: api.authenticate, config: { rateLimit: rateLimit(ctx.config, "getHelp") } },
    async (request) => requestHelp(ctx, request.user, validate(getHelpSchema, request.body)),
  );
  api.get("/users/gethelp", { preHandler: api.authenticate }, async (request) =>
    listHelpRequests(ctx, request.user.id),
  );
  api.post("/users/contactus", { config: { rateLimit: rateLimit(ctx.config, "contact") } }, async (request) =>
    contactUs(ctx, validate(contactSchema, request.body)),
  );
}
