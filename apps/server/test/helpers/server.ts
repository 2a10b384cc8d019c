import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll } from "vitest";
import { buildApp } from "../../src/app";
import { type Config, loadConfig } from "../../src/config";
import type { AppContext } from "../../src/context";
import { createLogger } from "../../src/logger";
import { createMailer } from "../../src/mail/mailer";
import { firstCheckWorker } from "../../src/roles/first-checks";
import { ApiClient } from "./client";
import { TestClock } from "./clock";
import { createTestDatabase, type TestDatabase } from "./database";
import { startSmtpServer, type TestSmtpServer } from "./smtp";

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  smtp: TestSmtpServer;
  clock: TestClock;
  /** What services take, for tests that call a service or build rows directly. */
  context: AppContext;
  /** Another app on the same database and SMTP server, e.g. with real (unscaled) rate limits. */
  startSibling(env?: Record<string, string>): Promise<{ baseUrl: string; close(): Promise<void> }>;
  close(): Promise<void>;
}

/**
 * The real app on 127.0.0.1 (random port) with a fresh database and a real SMTP server: create one per
 * test FILE in beforeAll (PGlite's first start takes seconds), and a fresh user per test.
 * Rate limits are raised 100× unless `env.RATE_LIMIT_SCALE` says otherwise.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const smtp = await startSmtpServer();
  const clock = new TestClock();
  const closers: Array<() => Promise<void>> = [];

  const start = async (extraEnv: Record<string, string>) => {
    const config = loadConfig({
      DATA_DIR: database.location.dataDir,
      DATABASE_URL: database.location.databaseUrl ?? undefined,
      JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
      SMTP_URL: smtp.url,
      SUPPORT_EMAIL: "support@changeradar.test",
      ADMIN_EMAIL: "admin@changeradar.test",
      APP_URL: "http://localhost:8080",
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      RATE_LIMIT_SCALE: "100",
      ...env,
      ...extraEnv,
    });
    const log = createLogger(config);
    const mailer = createMailer({ config, db: database.handle.db, log });
    // First checks and "check now" run here, in a small worker without a scheduler (as `changeradar api` on
    // the embedded database; on PostgreSQL it hands them to the workers, test/checks/check-requests.test.ts).
    const checks = firstCheckWorker({ config, db: database.handle.db, log });
    checks.start();
    const app = await buildApp({ config, database: database.handle, mailer, clock, logger: log, checks });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const close = async () => {
      await app.close();
      await checks.stop();
      await mailer.close();
    };
    closers.push(close);
    const context: AppContext = {
      config,
      db: database.handle.db,
      database: database.handle,
      mailer,
      clock,
      log,
      checks,
    };
    return { baseUrl: `http://127.0.0.1:${port}`, app, config, context, close };
  };

  const main = await start({});
  return {
    baseUrl: main.baseUrl,
    app: main.app,
    config: main.config,
    database,
    smtp,
    clock,
    context: main.context,
    startSibling: (extraEnv = {}) => start(extraEnv),
    async close() {
      for (const close of closers) await close();
      await smtp.close();
      await database.destroy();
    },
  };
}

/**
 * Registers the per-file lifecycle: one test server for the whole file (started in beforeAll, closed in
 * afterAll), the test clock reset after each test, and an anonymous client. Read `t.server` inside tests.
 */
export function useTestServer(env: Record<string, string> = {}): {
  server: TestServer;
  anonymous: ApiClient;
} {
  const state = {} as { server: TestServer; anonymous: ApiClient };
  beforeAll(async () => {
    state.server = await startTestServer(env);
    state.anonymous = new ApiClient(state.server.baseUrl);
  });
  afterEach(() => state.server?.clock.reset());
  afterAll(async () => {
    await state.server?.close();
  });
  return state;
}
