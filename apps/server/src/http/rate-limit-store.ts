import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { hitRateLimit, readRateLimit, sweepEndedRateLimits } from "./rate-limit.repository";

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin hands `child()`: the route's merged limit options. */
type RouteLimit = {
  routeInfo?: { method?: string | string[]; url?: string };
  max?: unknown;
  timeWindow?: unknown;
};

/** How often one node deletes counters whose window has ended. */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * A store for @fastify/rate-limit that keeps its counters in the database (rate_limit_counters), so every
 * API node on one PostgreSQL counts against the same limit; on the embedded database it works the same.
 * The plugin builds it with `new Store(options)` and one `child()` per route.
 */
export function databaseRateLimitStore(db: Database, log: Logger, now: () => Date = () => new Date()) {
  let lastSweep = 0;
  const sweepNowAndThen = (at: Date) => {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    sweepEndedRateLimits(db, at).catch((error) =>
      log.warn({ err: error }, "rate limits: sweeping ended windows failed"),
    );
  };

  return class DatabaseRateLimitStore {
    /**
     * Each route counts apart, as the plugin's in-memory store does (one store per route); so does each
     * limit definition, so nodes configured alike share counts and a changed limit starts afresh.
     */
    scope = "";

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      hitRateLimit(db, this.scope + key, at, timeWindow).then(
        (row) => {
          sweepNowAndThen(at);
          callback(null, { current: row.hits, ttl: Math.max(0, row.windowEndsAt.getTime() - at.getTime()) });
        },
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      const at = now();
      readRateLimit(db, this.scope + key, at).then(
        (row) =>
          callback(null, {
            current: row?.hits ?? 0,
            ttl: row ? Math.max(0, row.windowEndsAt.getTime() - at.getTime()) : 0,
          }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: unknown): DatabaseRateLimitStore {
      const params = routeOptions as RouteLimit;
      const route = params.routeInfo?.url ? `${params.routeInfo.method} ${params.routeInfo.url}` : "";
      const limit = typeof params.max === "number" ? `${params.max}/${params.timeWindow}` : "";
      const store = new DatabaseRateLimitStore();
      store.scope = `${route} ${limit} `;
      return store;
    }
  };
}
