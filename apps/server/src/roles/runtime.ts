import { type Config, ConfigError, loadConfig } from "../config";
import { applicationNameOf, type RoleName } from "../db/connection-names";
import { createDatabase, type DatabaseHandle } from "../db/database";
import { migrate } from "../db/migrate";
import { createLogger, type Logger } from "../logger";
import { createMailer, type Mailer } from "../mail/mailer";

/** What every long-running role opens first: configuration, logger, the migrated database, the mailer. */
export interface Runtime {
  config: Config;
  log: Logger;
  database: DatabaseHandle;
  mailer: Mailer;
}

/**
 * Opens the runtime of `role`, or prints why it cannot and answers null (the caller exits with 1). The
 * role names the process's PostgreSQL connections ("changeradar worker").
 */
export async function openRuntime(role: RoleName): Promise<Runtime | null> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return null;
    }
    throw error;
  }
  const log = createLogger(config);
  let database: DatabaseHandle;
  try {
    database = await createDatabase(config, applicationNameOf(role));
    await migrate(database);
  } catch (error) {
    log.fatal({ err: error }, `Cannot open the database: ${error instanceof Error ? error.message : error}`);
    return null;
  }
  const mailer = createMailer({ config, db: database.db, log });
  return { config, log, database, mailer };
}

/** SIGTERM/SIGINT run `stop` once, then exit (1 when stopping failed). */
export function onStopSignal(log: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: stopping gracefully`);
    try {
      await stop();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "unclean shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void handler("SIGTERM"));
  process.on("SIGINT", () => void handler("SIGINT"));
}
