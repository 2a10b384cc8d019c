import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { serverVersion } from "../version";

/** GET /api/v1/health: 200 after a real round trip to the database, 503 when it does not answer. */
export function registerHealthRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get("/health", async (_request, reply) => {
    const answer = { database: ctx.database.kind, version: serverVersion };
    try {
      await ctx.database.ping();
      return { status: "ok", ...answer };
    } catch (error) {
      ctx.log.error({ err: error }, "health check: database unreachable");
      return reply
        .status(503)
        .send({ status: "unavailable", ...answer, message: "The database is not reachable." });
    }
  });
}
