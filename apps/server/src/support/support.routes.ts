import {
  contactSchema,
  getHelpSchema,
  messageResponseSchema,
  supportRequestSchema,
} from "@changeradar/contracts";
import { z } from "zod";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { rateLimit } from "../http/rate-limits";
import { type Api, failures } from "../http/route-schema";
import { contactUs, listHelpRequests, requestHelp } from "./support.service";

const tags = ["Support"];

export function registerSupportRoutes(api: Api, ctx: AppContext): void {
  api.post(
    "/users/gethelp",
    {
      preHandler: api.authenticate,
      config: { rateLimit: rateLimit(ctx.config, "getHelp") },
      schema: {
        tags,
        summary: "Ask support for help",
        body: getHelpSchema,
        response: { 200: messageResponseSchema, ...failures(400, 429) },
      },
    },
    async (request) => requestHelp(asUser(ctx, request), request.body),
  );
  api.get(
    "/users/gethelp",
    {
      preHandler: api.authenticate,
      schema: {
        tags,
        summary: "Your requests for help, with support's answers",
        response: { 200: z.array(supportRequestSchema) },
      },
    },
    async (request) => listHelpRequests(asUser(ctx, request)),
  );
  api.post(
    "/users/contactus",
    {
      config: { rateLimit: rateLimit(ctx.config, "contact") },
      schema: {
        tags,
        security: [],
        summary: "Write to us from the contact form",
        body: contactSchema,
        response: { 200: messageResponseSchema, ...failures(400, 429) },
      },
    },
    async (request) => contactUs(ctx, request.body),
  );
}
