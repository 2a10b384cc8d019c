import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createDatabase, type DatabaseHandle } from "../../src/db/database";
import { migrate } from "../../src/db/migrate";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** What a Config needs to reach the same database. */
  location: { databaseUrl: string | null; dataDir: string };
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: PGlite in a temporary directory, or, when DATABASE_URL is
 * set, a new PostgreSQL database on that server (dropped afterwards).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), "changeradar-test-"));
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `cr_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const handle = await createDatabase({ databaseUrl, dataDir });
  await migrate(handle);
  return {
    handle,
    location: { databaseUrl, dataDir },
    async destroy() {
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
