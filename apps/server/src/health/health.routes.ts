import { z } from "zod";
import type { AppContext } from "../context";
import type { Api } from "../http/route-schema";
import { serverVersion } from "../version";

/** GET /api/v1/health: 200 after a real round trip to the database, 503 when it does not answer. */
const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.string(),
  version: z.string(),
  message: z.string().optional(),
});

export function registerHealthRoutes(api: Api, ctx: AppContext): void {
  const schema = {
    tags: ["Service"],
    security: [],
    summary: "Liveness: 200 after a round trip to the database, 503 when it does not answer",
    response: { 200: healthSchema, 503: healthSchema },
  };
  api.get("/health", { schema }, async (_request, reply) => {
    const answer = { database: ctx.database.kind, version: serverVersion };
    try {
      await ctx.database.ping();
      return { status: "ok" as const, ...answer };
    } catch (error) {
      ctx.log.error({ err: error }, "health check: database unreachable");
      return reply
        .status(503)
        .send({ status: "unavailable" as const, ...answer, message: "The database is not reachable." });
    }
  });
}
