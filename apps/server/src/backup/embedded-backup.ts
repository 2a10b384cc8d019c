import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { jwtSecretFile } from "../config";
import { acquireDataDirLock, liveLockOwner } from "../db/data-dir-lock";
import type { DatabaseHandle } from "../db/database";
import { createPgliteDatabase, loadPgliteDataDir, pgliteFolder } from "../db/pglite";
import {
  BackupError,
  entriesOf,
  humanSize,
  openBackupArchive,
  refuseExistingFile,
  restoreJwtSecret,
  writeBackupArchive,
} from "./backup-archive";

/**
 * Backup and restore of the embedded database. PGlite copies its data directory between two statements,
 * so a dump taken while serve runs is what a crash at that instant would leave: PostgreSQL's log replays
 * every committed transaction on the first start and drops any half-done one.
 */
export async function backupEmbedded(
  database: DatabaseHandle,
  dataDir: string,
  file: string,
): Promise<string> {
  const dump = database.dumpDataDir;
  if (!dump) throw new BackupError("Only the embedded database is dumped by its server.");
  const size = await writeBackupArchive(
    file,
    "embedded",
    async (path) => {
      const tarball = await dump();
      await pipeline(Readable.fromWeb(tarball.stream() as ReadableStream), createWriteStream(path));
    },
    jwtSecretFile(dataDir),
  );
  return `Backed up the embedded database in ${dataDir} to ${file} (${humanSize(size)}).`;
}

/** No server runs: open DATA_DIR here (holding its lock, so none starts meanwhile), dump it, close it. */
export async function backupEmbeddedDataDir(dataDir: string, file: string): Promise<string> {
  if (!existsSync(join(pgliteFolder(dataDir), "PG_VERSION"))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (DATA_DIR) to back up.`);
  }
  refuseExistingFile(file);
  const database = await createPgliteDatabase(dataDir);
  try {
    return await backupEmbedded(database, dataDir, file);
  } finally {
    await database.close();
  }
}

/** Into a new, empty DATA_DIR; with `force`, replaces the database of a DATA_DIR no server is using. */
export async function restoreEmbedded(dataDir: string, file: string, force: boolean): Promise<string> {
  const owner = liveLockOwner(dataDir);
  if (owner !== null) {
    throw new BackupError(
      `The embedded database in ${dataDir} is in use by ChangeRadar process ${owner}: stop it before restoring into this DATA_DIR.`,
    );
  }
  const entries = entriesOf(dataDir);
  if (entries.length > 0 && !force) {
    const shown = entries.slice(0, 4).join(", ") + (entries.length > 4 ? ", …" : "");
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty (${shown}). Restore into a new, empty DATA_DIR, or pass --force to replace the database in this one.`,
    );
  }
  const backup = await openBackupArchive(file);
  try {
    if (backup.manifest.database !== "embedded") {
      throw new BackupError(
        `${file} is a backup of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.`,
      );
    }
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const lock = acquireDataDirLock(dataDir);
    const target = pgliteFolder(dataDir);
    const incoming = `${target}.restoring`;
    try {
      rmSync(incoming, { recursive: true, force: true });
      const migrations = await loadPgliteDataDir(incoming, new Blob([readFileSync(backup.payloadPath)]));
      rmSync(target, { recursive: true, force: true });
      renameSync(incoming, target);
      const secretNote = restoreJwtSecret(jwtSecretFile(dataDir), backup.jwtSecret);
      return [
        `Restored ${file} into ${dataDir}: the embedded database as taken at ${backup.manifest.createdAt} (${migrations} migrations applied; newer ones run when the server starts).`,
        secretNote,
      ].join("\n");
    } finally {
      rmSync(incoming, { recursive: true, force: true });
      lock.release();
    }
  } finally {
    backup.dispose();
  }
}
