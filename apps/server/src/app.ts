import { limits } from "@changeradar/contracts";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { installAuthentication } from "./auth/authenticate";
import { blogPageHead } from "./blog/blog-head";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { AppContext, CheckQueue } from "./context";
import type { DatabaseHandle } from "./db/database";
import { registerDemoPageRoute } from "./demo/demo.routes";
import { installRouteCatalog } from "./docs/route-catalog";
import { alwaysReady, type Readiness } from "./health/readiness";
import { registerReadinessRoute } from "./health/readiness.routes";
import { installErrorHandler } from "./http/error-handler";
import { installJsonParser } from "./http/json-body";
import { databaseRateLimitStore } from "./http/rate-limit-store";
import { tooManyRequests } from "./http/rate-limits";
import { installNulRefusal } from "./http/refuse-nul";
import { installRequestIds, requestIdFor } from "./http/request-id";
import { installRouteSchemas, type ZodTypeProvider } from "./http/route-schema";
import { defaultWebRoot, installWebApp } from "./http/web-app";
import { createLogger, type Logger } from "./logger";
import type { Mailer } from "./mail/mailer";
import { installMetrics } from "./metrics/metrics.routes";
import { domainRoutes } from "./routes";

export interface BuildAppOptions {
  config: Config;
  /** Created and migrated by the caller (see db/database.ts); the app never closes it. */
  database: DatabaseHandle;
  mailer: Mailer;
  clock?: Clock;
  logger?: Logger;
  /** Where first checks and "check now" go (see AppContext.checks); started and stopped by the caller. */
  checks: CheckQueue;
  /** The built web app; defaults to apps/web/dist. */
  webRoot?: string;
  /** What GET /api/v1/ready reports; the roles pass theirs, otherwise ready from the start. */
  readiness?: Readiness;
}

export const JSON_BODY_LIMIT = 1024 * 1024;

/** The HTTP application: plugins, the error handler, authentication, every domain's routes, the web app. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, mailer } = options;
  const log = options.logger ?? createLogger(config);
  const ctx: AppContext = {
    config,
    db: database.db,
    database,
    mailer,
    clock: options.clock ?? systemClock,
    log,
    checks: options.checks,
  };

  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; naming it so keeps FastifyInstance's default type everywhere.
    loggerInstance: log as FastifyBaseLogger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    genReqId: requestIdFor,
  });
  installRouteCatalog(app);
  installRequestIds(app);
  installErrorHandler(app);
  installJsonParser(app);
  installNulRefusal(app);

  const https = config.secureCookies;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: limits.avatarMaxBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // Counters in the database: every API node on one PostgreSQL shares each limit.
    store: databaseRateLimitStore(database.db, log, () => ctx.clock.now()),
    // After body parsing, so limits can be keyed by the email or id a request targets.
    hook: "preHandler",
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
  // After the rate-limit plugin: its hooks run before a held validation error is thrown (route-schema.ts).
  installRouteSchemas(app);
  installAuthentication(app, ctx);
  installMetrics(app, ctx);

  await app.register(
    async (instance) => {
      const api = instance.withTypeProvider<ZodTypeProvider>();
      for (const register of domainRoutes) await register(api, ctx);
      registerReadinessRoute(api, ctx, options.readiness ?? alwaysReady());
    },
    { prefix: "/api/v1" },
  );
  registerDemoPageRoute(app, ctx);
  await installWebApp(app, options.webRoot ?? defaultWebRoot, blogPageHead(ctx));
  return app;
}
