import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { applicationNameOf, type RoleName } from "../../src/db/connection-names";
import { createDatabase, type Database, type DatabaseHandle } from "../../src/db/database";
import { migrate } from "../../src/db/migrate";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** What a Config needs to reach the same database. */
  location: { databaseUrl: string | null; dataDir: string };
  destroy(): Promise<void>;
}

/**
 * A migrated database made once per test run (test/helpers/global-setup.ts): a PGlite data directory to
 * copy, or a PostgreSQL database to use as `TEMPLATE`. Each test file then starts from a copy instead of
 * running initdb and every migration again.
 */
export type DatabaseTemplate = { kind: "pglite"; dataDir: string } | { kind: "postgres"; name: string };

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate | null;
  }
}

/**
 * The suite's PostgreSQL pass (DATABASE_URL set). A file that tests one database whatever the pass uses runs in
 * one pass only, so CI does not run it twice unchanged: `changeradar serve` children on the embedded database run
 * in the embedded pass (here they would only repeat it, on a cold data directory), crash tests of several
 * processes sharing PostgreSQL in this pass.
 */
export const postgresPass = Boolean(process.env.DATABASE_URL);

/** The default server for tests that need PostgreSQL whatever the run uses (multi-process tests). */
export const postgresServerUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A fresh, migrated database for one test file: PGlite in a temporary directory, or, when DATABASE_URL is
 * set (or `kind` asks for it), a new PostgreSQL database on that server, dropped afterwards.
 */
export async function createTestDatabase(
  kind: "pglite" | "postgres" = process.env.DATABASE_URL ? "postgres" : "pglite",
): Promise<TestDatabase> {
  const template = currentTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), "changeradar-test-"));
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (kind === "postgres") {
    const name = `cr_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    await createPostgresDatabase(name, template?.kind === "postgres" ? template.name : null);
    databaseUrl = postgresUrl(name);
    dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else if (template?.kind === "pglite") {
    cpSync(template.dataDir, dataDir, { recursive: true });
  }
  const handle = await createDatabase({ databaseUrl, dataDir });
  // A no-op on a copy of the template; keeps a file run outside the global set-up correct.
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

/**
 * PostgreSQL only: connections to a test's database named as a node of `role` names them (`openRuntime`),
 * one of them open. The caller closes the handle.
 */
export async function connectAsRole(
  location: TestDatabase["location"],
  role: RoleName,
): Promise<DatabaseHandle> {
  if (location.databaseUrl === null) throw new Error("Only a PostgreSQL database has named connections.");
  const node = await createDatabase(
    { databaseUrl: location.databaseUrl, dataDir: "unused" },
    applicationNameOf(role),
  );
  await node.ping();
  return node;
}

/** The database of a test file (or describe block): its fields exist from the first beforeAll on. */
export interface FileDatabase {
  readonly handle: DatabaseHandle;
  readonly db: Database;
  readonly location: TestDatabase["location"];
}

/**
 * Registers a fresh database for the enclosing file or describe block: made in beforeAll, destroyed in
 * afterAll. Hooks registered after this call run once it is made and, at the end, before it is destroyed
 * (Vitest runs afterAll hooks in reverse order). Read its fields in hooks and tests: at the top of the file
 * it does not exist yet.
 */
export function useTestDatabase(): FileDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });
  const made = (): TestDatabase => {
    if (!database) throw new Error("The test database is made in beforeAll: read it inside a hook or a test");
    return database;
  };
  return {
    get handle() {
      return made().handle;
    },
    get db() {
      return made().handle.db;
    },
    get location() {
      return made().location;
    },
  };
}

/**
 * A data directory for a `changeradar serve` child on the embedded database: a copy of the run's migrated
 * PGlite template when the run has one, so the child skips initdb and the migrations (9.2 -> 2.7 s to
 * listening on an idle machine); an empty one otherwise (the PostgreSQL pass), where the child makes its own.
 */
export function embeddedDataDir(prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const template = currentTemplate();
  if (template?.kind === "pglite") cpSync(template.dataDir, dataDir, { recursive: true });
  return dataDir;
}

/** Builds the run's template (called once, from the global set-up). */
export async function createDatabaseTemplate(): Promise<{
  template: DatabaseTemplate;
  destroy(): Promise<void>;
}> {
  if (process.env.DATABASE_URL) {
    const name = `cr_template_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await createPostgresDatabase(name, null);
    const handle = await createDatabase({ databaseUrl: postgresUrl(name), dataDir: "unused" });
    await migrate(handle);
    await handle.close();
    return {
      template: { kind: "postgres", name },
      destroy: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "changeradar-template-"));
  const handle = await createDatabase({ databaseUrl: null, dataDir });
  await migrate(handle);
  await handle.close();
  return {
    template: { kind: "pglite", dataDir },
    destroy: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function currentTemplate(): DatabaseTemplate | null {
  try {
    return inject("databaseTemplate") ?? null;
  } catch {
    return null; // outside a Vitest worker (a script reusing this helper)
  }
}

function postgresUrl(name: string): string {
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createPostgresDatabase(name: string, template: string | null): Promise<void> {
  const statement = template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`;
  // Two files copying the template at the same instant: PostgreSQL refuses the second while the first
  // holds the template ("being accessed by other users"), so wait a moment and copy again.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(statement);
      break;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  // A test database is dropped at the end of its file: waiting for each commit to reach the disk buys nothing.
  await adminQuery(`ALTER DATABASE ${name} SET synchronous_commit = off`);
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresServerUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
