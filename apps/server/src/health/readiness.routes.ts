import { z } from "zod";
import type { AppContext } from "../context";
import { pendingMigrationCount } from "../db/migrate";
import type { Api } from "../http/route-schema";
import type { Readiness } from "./readiness";

const readinessSchema = z.object({
  status: z.enum(["ready", "not ready"]),
  phase: z.string(),
  database: z.enum(["ok", "unreachable"]),
  migrations: z.enum(["applied", "pending"]),
  background: z.string(),
  message: z.string().optional(),
});

/**
 * GET /api/v1/ready: 200 only when the database answers, every migration is applied, the background work
 * this process runs has started, and it is neither starting nor stopping; 503 otherwise, saying why.
 * Load balancers route on this; /health stays the liveness probe.
 */
export function registerReadinessRoute(api: Api, ctx: AppContext, readiness: Readiness): void {
  let migrationsApplied = false;
  const schema = {
    tags: ["Service"],
    security: [],
    summary: "Readiness for a load balancer: 200 when this node can serve, 503 saying why not",
    response: { 200: readinessSchema, 503: readinessSchema },
  };
  api.get("/ready", { schema }, async (_request, reply) => {
    let database: "ok" | "unreachable" = "ok";
    try {
      await ctx.database.ping();
      // Once applied, migrations stay applied: ask the database only until then.
      if (!migrationsApplied) migrationsApplied = (await pendingMigrationCount(ctx.database)) === 0;
    } catch {
      database = "unreachable";
    }
    const checks = {
      phase: readiness.phase,
      database,
      migrations: migrationsApplied ? "applied" : "pending",
      background: readiness.background,
    } as const;
    const reason =
      readiness.phase !== "ready"
        ? `The server is ${readiness.phase}.`
        : database !== "ok"
          ? "The database is not reachable."
          : !migrationsApplied
            ? "Database migrations are not applied yet."
            : readiness.background === "starting"
              ? "Background work is starting."
              : null;
    if (reason) return reply.status(503).send({ status: "not ready" as const, ...checks, message: reason });
    return { status: "ready" as const, ...checks };
  });
}
