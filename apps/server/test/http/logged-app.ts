import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import type { Readiness } from "../../src/health/readiness";
import { createLogger } from "../../src/logger";
import { createMailer } from "../../src/mail/mailer";
import { firstCheckWorker } from "../../src/roles/first-checks";
import type { TestDatabase } from "../helpers/database";

/** The real app on 127.0.0.1 whose JSON log lines the test reads (`lines`); no SMTP: mail is logged. */
export async function startLoggedApp(
  database: Pick<TestDatabase, "handle" | "location">,
  options: { readiness?: Readiness; env?: Record<string, string> } = {},
): Promise<{
  baseUrl: string;
  app: FastifyInstance;
  lines: Record<string, unknown>[];
  close(): Promise<void>;
}> {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const config = loadConfig({
    DATA_DIR: database.location.dataDir,
    DATABASE_URL: database.location.databaseUrl ?? undefined,
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    LOG_LEVEL: "info",
    RATE_LIMIT_SCALE: "100",
    ...options.env,
  });
  const log = createLogger(config, sink);
  const mailer = createMailer({ config, db: database.handle.db, log });
  const checks = firstCheckWorker({ config, db: database.handle.db, log });
  checks.start();
  const app = await buildApp({
    config,
    database: database.handle,
    mailer,
    logger: log,
    readiness: options.readiness,
    checks,
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    lines,
    async close() {
      await app.close();
      await checks.stop();
      await mailer.close();
    },
  };
}
