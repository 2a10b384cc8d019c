/**
 * Issue 12's login flood, measured: a real user's sign-in alone, then while one address sends 60 logins
 * with different emails at once (each costs an argon2 hash). Prints figures; asserts nothing.
 * Run: npx tsx apps/server/bench/login-flood.bench.ts   (DATABASE_URL=… for PostgreSQL)
 */
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { buildApp } from "../src/app";
import { firstCheckWorker } from "../src/roles/first-checks";
import { openBenchEnvironment } from "./bench-setup";

const FLOOD = 60;
const env = await openBenchEnvironment(process.env.DATABASE_URL);
// Behind a trusted proxy, so each request can name its client address; the real limits (scale 1).
const config = { ...env.config, trustProxy: true, rateLimitScale: 1 };
// The flood makes no monitor, so the first-check worker is never started.
const checks = firstCheckWorker({ config, db: env.database.db, log: env.log });
const app = await buildApp({ ...env, config, checks });
await app.listen({ host: "127.0.0.1", port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;

const post = async (path: string, body: unknown, address: string) => {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
};
const timed = async (run: () => Promise<number>) => {
  const started = performance.now();
  const status = await run();
  return { status, ms: Math.round(performance.now() - started) };
};

const user = { email: "real-user@example.test", password: "correct horse 1!" };
await post(
  "/users/new-merchant",
  { ...user, firstName: "Real", planType: "Free", period: "monthly" },
  "198.51.100.1",
);
const realLogin = (n: number) => timed(() => post("/auth/login", user, `198.51.100.${10 + n}`));

const alone: number[] = [];
for (let i = 0; i < 5; i++) alone.push((await realLogin(i)).ms);

const floodStarted = performance.now();
const flood = Array.from({ length: FLOOD }, (_, i) =>
  post("/auth/login", { email: `guess-${i}@example.test`, password: "wrong" }, "203.0.113.66"),
);
const duringFlood = await realLogin(99);
const floodStatuses = await Promise.all(flood);
const floodMs = Math.round(performance.now() - floodStarted);

const count = (status: number) => floodStatuses.filter((s) => s === status).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  JSON.stringify({
    database: env.database.kind,
    realUserLoginAloneMs: { median: median(alone), all: alone },
    realUserLoginDuringFloodMs: duringFlood.ms,
    realUserLoginDuringFloodStatus: duringFlood.status,
    flood: {
      requests: FLOOD,
      ms: floodMs,
      answered401: count(401),
      answered429: count(429),
      other: FLOOD - count(401) - count(429),
    },
  }),
);
await app.close();
await env.close();
