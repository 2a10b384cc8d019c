import type { Config } from "../config";
import type { DatabaseHandle } from "./database-handle";

export type { Database, DatabaseHandle, Unsubscribe } from "./database-handle";

/**
 * PGlite in DATA_DIR by default; PostgreSQL when DATABASE_URL is set. Call `migrate` before use.
 * `applicationName` names this process's PostgreSQL connections (postgres.ts).
 */
export async function createDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir"> & { checks?: Config["checks"] },
  applicationName?: string,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const { createPostgresDatabase, poolSizeFor } = await import("./postgres");
    return createPostgresDatabase(
      config.databaseUrl,
      poolSizeFor(config.checks?.concurrency),
      applicationName,
    );
  }
  const { createPgliteDatabase } = await import("./pglite");
  return createPgliteDatabase(config.dataDir);
}
