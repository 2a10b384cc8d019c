import { spawn } from "node:child_process";
import pg from "pg";
import { jwtSecretFile } from "../config";
import {
  BackupError,
  humanSize,
  openBackupArchive,
  refuseExistingFile,
  restoreJwtSecret,
  secretDiffers,
  writeBackupArchive,
} from "./backup-archive";

/**
 * Backup and restore of PostgreSQL with its own tools. pg_dump reads every table in one snapshot, so the
 * dump is consistent while API nodes and workers keep writing, and it knows every object (sequences,
 * indexes, constraints, extensions) and the order to recreate them in; the custom format is compressed and
 * pg_restore loads it in one transaction. A dump written by our own SQL would have to redo all of that.
 */
export async function backupPostgres(databaseUrl: string, dataDir: string, file: string): Promise<string> {
  refuseExistingFile(file);
  const size = await writeBackupArchive(
    file,
    "postgres",
    (path) =>
      runClientTool(
        "pg_dump",
        ["--format=custom", "--no-owner", "--no-privileges", `--file=${path}`],
        databaseUrl,
      ),
    jwtSecretFile(dataDir),
  );
  return `Backed up the PostgreSQL database ${safeUrl(databaseUrl)} to ${file} (${humanSize(size)}).`;
}

/** Into an empty database; with `force`, drops everything in DATABASE_URL's database first. */
export async function restorePostgres(
  databaseUrl: string,
  dataDir: string,
  file: string,
  force: boolean,
): Promise<string> {
  const backup = await openBackupArchive(file);
  try {
    if (backup.manifest.database !== "postgres") {
      throw new BackupError(
        `${file} is a backup of the embedded database: restore it without DATABASE_URL, into an empty DATA_DIR.`,
      );
    }
    const secretFile = jwtSecretFile(dataDir);
    if (secretDiffers(secretFile, backup.jwtSecret) && !force) {
      throw new BackupError(
        `${secretFile} holds another secret than the backup's. Pass --force to replace it with the backup's.`,
      );
    }
    const tables = await withClient(databaseUrl, (client) =>
      client
        .query<{ n: number }>(
          `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
           where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema')
             and s.nspname not like 'pg_toast%'`,
        )
        .then((result) => result.rows[0]?.n ?? 0),
    );
    if (tables > 0 && !force) {
      throw new BackupError(
        `The database ${safeUrl(databaseUrl)} is not empty (${tables} tables). Restore into a new, empty database, or pass --force to replace everything in it.`,
      );
    }
    if (tables > 0) {
      await withClient(databaseUrl, (client) =>
        client.query(
          "begin; drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public; commit;",
        ),
      );
    }
    await runClientTool(
      "pg_restore",
      ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", backup.payloadPath],
      databaseUrl,
    );
    return [
      `Restored ${file} into ${safeUrl(databaseUrl)}: the PostgreSQL database as taken at ${backup.manifest.createdAt}.`,
      restoreJwtSecret(secretFile, backup.jwtSecret),
    ].join("\n");
  } finally {
    backup.dispose();
  }
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    return await work(client);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`PostgreSQL at ${safeUrl(databaseUrl)}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** pg_dump / pg_restore from PATH, the password handed over in the environment, never on the command line. */
function runClientTool(tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url.toString()}`], {
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${tool} was not found on this machine's PATH. Install the PostgreSQL client tools (Debian/Ubuntu: postgresql-client), of the server's major version or newer, and run the command again.`
            : `${tool} could not start: ${error.message}`,
        ),
      ),
    );
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit code ${code}): ${stderr.trim() || "no message"}`));
    });
  });
}

function safeUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = "***";
  return url.toString();
}
