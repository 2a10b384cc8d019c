import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase, type DatabaseHandle } from "../../../src/db/database";
import { migrate } from "../../../src/db/migrate";

/**
 * A fresh PostgreSQL database whatever DATABASE_URL says: crash tests kill a child process, and only
 * PostgreSQL is shared between processes (PGlite is one process by design). Dropped afterwards.
 */
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export async function createPostgresTestDatabase(): Promise<{
  handle: DatabaseHandle;
  url: string;
  destroy(): Promise<void>;
}> {
  const name = `cr_crash_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
  await migrate(handle);
  return {
    handle,
    url: url.toString(),
    async destroy() {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
