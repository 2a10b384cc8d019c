import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { Forbidden, Unauthorized } from "../http/errors";
import { createMetrics } from "./metrics";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * GET /metrics (Prometheus text format). With METRICS_TOKEN set, a scraper sends
 * `Authorization: Bearer <METRICS_TOKEN>`; without it, only clients on this machine are answered.
 */
export function installMetrics(app: FastifyInstance, ctx: AppContext): void {
  const metrics = createMetrics({ db: ctx.db, clock: ctx.clock, databaseKind: ctx.database.kind });

  app.addHook("onResponse", async (request, reply) => {
    // The route's pattern (never the raw URL, whose ids would make a series per monitor).
    const route = request.routeOptions.url ?? "unmatched";
    metrics.observeRequest(
      { method: request.method, route, status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  const allowed = (request: FastifyRequest) => {
    const expected = ctx.config.metricsToken;
    if (!expected) {
      if (!LOOPBACK.has(request.ip))
        throw new Forbidden("Set METRICS_TOKEN to scrape metrics from another host.");
      return;
    }
    const header = request.headers.authorization;
    if (!header) throw new Unauthorized();
    const given = Buffer.from(header.replace(/^Bearer\s+/i, ""));
    const wanted = Buffer.from(expected);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
      throw new Forbidden("Invalid metrics token.");
  };

  app.get("/metrics", async (request, reply) => {
    allowed(request);
    reply.header("content-type", metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
