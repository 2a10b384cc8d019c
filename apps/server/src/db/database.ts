import type { Config } from "../config";
import type { DatabaseHandle } from "./database-handle";

export type { Database, DatabaseHandle, Unsubscribe } from "./database-handle";

/** PGlite in DATA_DIR by default; PostgreSQL when DATABASE_URL is set. Call `migrate` before use. */
export async function createDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const { createPostgresDatabase } = await import("./postgres");
    return createPostgresDatabase(config.databaseUrl);
  }
  const { createPgliteDatabase } = await import("./pglite");
  return createPgliteDatabase(config.dataDir);
}
