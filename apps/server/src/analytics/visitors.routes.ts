import { messageResponseSchema, recordVisitorSchema } from "@changeradar/contracts";
import { sha256 } from "../auth/secrets";
import type { AppContext } from "../context";
import { rateLimit } from "../http/rate-limits";
import { type Api, failures } from "../http/route-schema";
import { recordVisit, type UserAgentClass } from "./visitors.repository";

/**
 * POST /auth/record-visitor: the product's own visitor count, sent once per session after cookie consent.
 * Only a hash of the session (or of address + browser when no id is sent) is kept, never the address.
 */
export function registerVisitorRoutes(api: Api, ctx: AppContext): void {
  api.post(
    "/auth/record-visitor",
    {
      config: { rateLimit: rateLimit(ctx.config, "recordVisitor") },
      schema: {
        tags: ["Service"],
        security: [],
        summary: "Count a visit (sent once per session, after cookie consent)",
        description: "Only a hash of the session id (or of address and browser) is kept, never the address.",
        body: recordVisitorSchema,
        response: { 200: messageResponseSchema, ...failures(400, 429) },
      },
    },
    async (request) => {
      const body = request.body;
      const userAgent = request.headers["user-agent"] ?? "";
      const now = ctx.clock.now();
      const day = now.toISOString().slice(0, 10);
      const session = body?.sessionId ?? `${request.ip}|${userAgent}`;
      await recordVisit(ctx.db, {
        sessionHash: sha256(`${day}|${session}`),
        day,
        userAgentClass: classifyUserAgent(userAgent),
      });
      return { message: "Visit recorded." };
    },
  );
}

export function classifyUserAgent(userAgent: string): UserAgentClass {
  if (!userAgent) return "other";
  if (/bot|crawl|spider|slurp|headless|curl|wget|python|httpclient/i.test(userAgent)) return "bot";
  if (/ipad|tablet/i.test(userAgent)) return "tablet";
  if (/mobi|android|iphone/i.test(userAgent)) return "mobile";
  if (/mozilla|chrome|safari|firefox|edg/i.test(userAgent)) return "desktop";
  return "other";
}
