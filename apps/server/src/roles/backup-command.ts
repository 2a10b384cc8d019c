import { isAbsolute, resolve } from "node:path";
import { BackupError, refuseExistingFile } from "../backup/backup-archive";
import { backupEmbedded, backupEmbeddedDataDir, restoreEmbedded } from "../backup/embedded-backup";
import { backupPostgres, restorePostgres } from "../backup/postgres-backup";
import { type Config, ConfigError, loadConfig } from "../config";
import { liveLockOwner } from "../db/data-dir-lock";
import type { DatabaseHandle } from "../db/database";
import { type ControlAnswer, callControlChannel } from "./control-channel";

const BACKUP_USAGE = "Usage: changeradar backup <file>";
const RESTORE_USAGE = "Usage: changeradar restore <file> [--force]";

/**
 * `changeradar backup <file>`: PostgreSQL through pg_dump; the embedded database directly when no server
 * runs, else by the running server over its control channel (it alone may open DATA_DIR).
 */
export async function runBackupCommand(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0]?.startsWith("-")) return print({ code: 2, err: BACKUP_USAGE });
  const file = resolve(args[0] as string);
  return print(
    await answerOf(async () => {
      const config = operatorConfig();
      if (config.databaseUrl) return backupPostgres(config.databaseUrl, config.dataDir, file);
      const owner = liveLockOwner(config.dataDir);
      if (owner === null) return backupEmbeddedDataDir(config.dataDir, file);
      refuseExistingFile(file);
      const answer = await callControlChannel(config.dataDir, owner, "backup", [file]).catch(() => null);
      if (answer) return answer;
      throw new BackupError(
        `The embedded database in ${config.dataDir} is in use by ChangeRadar process ${owner}, which did not answer on its control channel. Stop it and run the backup again, or run it against a server started by this version.`,
      );
    }),
  );
}

/** `changeradar restore <file> [--force]`: into an empty DATA_DIR or database; --force replaces one. */
export async function runRestoreCommand(args: string[]): Promise<number> {
  const force = args.includes("--force");
  const rest = args.filter((arg) => arg !== "--force");
  if (rest.length !== 1 || rest[0]?.startsWith("-")) return print({ code: 2, err: RESTORE_USAGE });
  const file = resolve(rest[0] as string);
  return print(
    await answerOf(async () => {
      const config = operatorConfig();
      return config.databaseUrl
        ? restorePostgres(config.databaseUrl, config.dataDir, file, force)
        : restoreEmbedded(config.dataDir, file, force);
    }),
  );
}

/** The control channel's `backup` command, run inside serve, which holds the embedded database. */
export function backupByServer(database: DatabaseHandle, dataDir: string) {
  return (args: string[]): Promise<ControlAnswer> =>
    answerOf(async () => {
      const [file] = args;
      if (args.length !== 1 || !file || !isAbsolute(file)) {
        throw new BackupError("backup takes one absolute file path.");
      }
      return backupEmbedded(database, dataDir, file);
    });
}

/**
 * The configuration without its side effect: loadConfig creates DATA_DIR/jwt-secret when JWT_SECRET is
 * unset, and backup and restore must find that file as it is (a restore needs the DATA_DIR empty).
 */
function operatorConfig(): Config {
  return loadConfig({ ...process.env, JWT_SECRET: process.env.JWT_SECRET || "x".repeat(32) });
}

async function answerOf(work: () => Promise<string | ControlAnswer>): Promise<ControlAnswer> {
  try {
    const done = await work();
    return typeof done === "string" ? { code: 0, out: done } : done;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) return { code: 1, err: error.message };
    throw error;
  }
}

function print(answer: ControlAnswer): number {
  if (answer.out) process.stdout.write(`${answer.out}\n`);
  if (answer.err) process.stderr.write(`${answer.err}\n`);
  return answer.code;
}
