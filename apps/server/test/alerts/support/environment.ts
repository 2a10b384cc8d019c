import { afterAll, beforeAll } from "vitest";
import { TestClock } from "../../helpers/clock";
import { useTestDatabase } from "../../helpers/database";
import { startSmtpServer, type TestSmtpServer } from "../../helpers/smtp";
import { alertServices } from "./services";

/**
 * One test file's alert environment: a fresh database, a real SMTP server, the real services and a clock
 * the tests move forward. Call at the top of a describe block; read the fields inside tests.
 */
export function useAlertEnvironment() {
  const database = useTestDatabase();
  const env = {
    clock: new TestClock(),
    database,
    smtp: undefined as unknown as TestSmtpServer,
    services: undefined as unknown as ReturnType<typeof alertServices>,
    db: () => database.db,
  };
  beforeAll(async () => {
    env.smtp = await startSmtpServer();
    env.services = alertServices(database, env.smtp.url, env.clock);
  });
  afterAll(async () => {
    await env.services?.close();
    await env.smtp?.close();
  });
  return env;
}
