import { buildApp } from "../app";
import { ConfigError, loadConfig } from "../config";
import { createDatabase, type DatabaseHandle } from "../db/database";
import { migrate } from "../db/migrate";
import { createLogger } from "../logger";
import { createMailer, type Mailer } from "../mail/mailer";

/**
 * `changeradar serve`: the whole product in one process (DESIGN §2): config → database (migrated) → app
 * → listen. SIGTERM/SIGINT stop accepting connections, let requests in flight finish, close the database.
 */
export async function runServe(): Promise<number | undefined> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const log = createLogger(config);
  let database: DatabaseHandle;
  try {
    database = await createDatabase(config);
    await migrate(database);
  } catch (error) {
    log.fatal({ err: error }, `Cannot open the database: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
  const mailer: Mailer = createMailer({ config, db: database.db, log });
  const app = await buildApp({ config, database, mailer, logger: log });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing requests in flight, then stopping`);
    try {
      await app.close();
      await mailer.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "unclean shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    log.fatal({ err: error }, `Cannot listen on port ${config.port}`);
    await database.close();
    return 1;
  }
  const where = database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL";
  process.stdout.write(`ChangeRadar listening on http://localhost:${config.port} (${where})\n`);
  return undefined;
}
