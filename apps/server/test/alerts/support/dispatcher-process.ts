/**
 * A standalone alert dispatcher on PostgreSQL, for the crash test: the parent SIGKILLs it mid-delivery.
 * Env: CRASH_DATABASE_URL, CRASH_DATA_DIR (made and removed by the parent: this process dies by SIGKILL), LEASE_MS. Prints "ready" once it is listening for deliveries.
 */
import { createDispatcher } from "../../../src/alerts/dispatch/dispatcher";
import { systemClock } from "../../../src/clock";
import { loadConfig } from "../../../src/config";
import { createDatabase } from "../../../src/db/database";
import { createLogger } from "../../../src/logger";
import { createMailer } from "../../../src/mail/mailer";
import { TEST_JWT_SECRET } from "./services";

const config = loadConfig({
  DATABASE_URL: process.env.CRASH_DATABASE_URL,
  DATA_DIR: process.env.CRASH_DATA_DIR,
  JWT_SECRET: TEST_JWT_SECRET,
  APP_URL: "http://app.example.test",
  ALLOW_PRIVATE_TARGETS: "true",
  LOG_LEVEL: "silent",
});
const log = createLogger(config);
const database = await createDatabase(config);
const mailer = createMailer({ config, db: database.db, log });
const dispatcher = createDispatcher(
  { config, database, mailer, clock: systemClock, log },
  { leaseMs: Number(process.env.LEASE_MS ?? 60_000), timeoutMs: 60_000, pollMs: 100 },
);
await dispatcher.start();
process.stdout.write("ready\n");
