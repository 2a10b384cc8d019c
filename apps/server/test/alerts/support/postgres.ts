import type { DatabaseHandle } from "../../../src/db/database";
import { createTestDatabase } from "../../helpers/database";

/**
 * A fresh PostgreSQL database whatever DATABASE_URL says: crash tests kill a child process, and only
 * PostgreSQL is shared between processes (PGlite is one process by design). Dropped afterwards.
 */
export async function createPostgresTestDatabase(): Promise<{
  handle: DatabaseHandle;
  url: string;
  destroy(): Promise<void>;
}> {
  const database = await createTestDatabase("postgres");
  return { handle: database.handle, url: database.location.databaseUrl as string, destroy: database.destroy };
}
