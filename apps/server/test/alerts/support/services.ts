import type { AuthUser } from "@changeradar/contracts";
import {
  createDispatcher,
  type Dispatcher,
  type DispatcherOptions,
} from "../../../src/alerts/dispatch/dispatcher";
import type { Clock } from "../../../src/clock";
import { type Config, loadConfig } from "../../../src/config";
import { createLogger } from "../../../src/logger";
import { createMailer, type Mailer } from "../../../src/mail/mailer";
import type { TestDatabase } from "../../helpers/database";

/** Channel secrets are sealed with a key derived from this: a second process must use the same one. */
export const TEST_JWT_SECRET = "alerts-test-secret-alerts-test-secret-0123";

/** The real alert services wired to a test database, SMTP server and clock. */
export function alertServices(
  database: Pick<TestDatabase, "handle" | "location">,
  smtpUrl: string,
  clock: Clock,
) {
  const config: Config = loadConfig({
    DATA_DIR: database.location.dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    SMTP_URL: smtpUrl,
    APP_URL: "http://app.example.test",
    ALLOW_PRIVATE_TARGETS: "true",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
  });
  const log = createLogger(config);
  const mailer: Mailer = createMailer({ config, db: database.handle.db, log });
  const deps = { config, database: database.handle, mailer, clock, log };
  const dispatchers: Dispatcher[] = [];
  return {
    config,
    mailer,
    /** The context the channel services get for `user` acting on their own plan. */
    as(user: AuthUser) {
      return { db: database.handle.db, config, mailer, clock, user: { ...user, plan: user.planType } };
    },
    /** `database`: another handle on the test database (one that watches the statements, say). */
    dispatcher(options: DispatcherOptions = {}, database = deps.database): Dispatcher {
      const dispatcher = createDispatcher({ ...deps, database }, { timeoutMs: 3_000, ...options });
      dispatchers.push(dispatcher);
      return dispatcher;
    },
    async close() {
      for (const dispatcher of dispatchers) await dispatcher.stop();
      await mailer.close();
    },
  };
}
