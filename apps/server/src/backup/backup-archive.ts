import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { create, extract } from "tar";
import { serverVersion } from "../version";

/**
 * One backup is one tar file: a manifest, the database's own dump (PGlite's data directory as tar.gz, or
 * pg_dump's custom format) and DATA_DIR/jwt-secret when there is one, since channel secrets are encrypted
 * with it. The file is written under another name and renamed, mode 0600: it holds every account.
 */
export type BackupDatabase = "embedded" | "postgres";

export interface BackupManifest {
  format: "changeradar-backup";
  formatVersion: 1;
  database: BackupDatabase;
  createdAt: string;
  serverVersion: string;
}

/** A refusal or failure told to the operator as it is (exit code 1). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

const MANIFEST = "changeradar-backup.json";
const SECRET = "jwt-secret";
const payloadNames: Record<BackupDatabase, string> = {
  embedded: "pglite-data-dir.tar.gz",
  postgres: "database.pgdump",
};

export function refuseExistingFile(file: string): void {
  if (existsSync(file)) {
    throw new BackupError(`${file} exists already: choose a new file name, a backup never overwrites one.`);
  }
}

/** Writes a backup: `writePayload` puts the database's dump at the path it is given. Answers the size. */
export async function writeBackupArchive(
  file: string,
  database: BackupDatabase,
  writePayload: (path: string) => Promise<void>,
  secretFile: string,
): Promise<number> {
  refuseExistingFile(file);
  // Beside the target, so a large dump lands on the disk meant for backups, not in /tmp.
  const staging = mkdtempSync(join(dirname(file), `.${basename(file)}.parts-`));
  const partial = `${file}.partial-${process.pid}`;
  try {
    chmodSync(staging, 0o700);
    await writePayload(join(staging, payloadNames[database]));
    const manifest: BackupManifest = {
      format: "changeradar-backup",
      formatVersion: 1,
      database,
      createdAt: new Date().toISOString(),
      serverVersion,
    };
    writeFileSync(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const parts = [MANIFEST, payloadNames[database]];
    if (existsSync(secretFile)) {
      copyFileSync(secretFile, join(staging, SECRET));
      parts.push(SECRET);
    }
    await create({ file: partial, cwd: staging, portable: true }, parts);
    chmodSync(partial, 0o600);
    renameSync(partial, file);
    return statSync(file).size;
  } finally {
    rmSync(partial, { force: true });
    rmSync(staging, { recursive: true, force: true });
  }
}

export interface OpenedBackup {
  manifest: BackupManifest;
  /** The database's dump, unpacked in a private temporary folder. */
  payloadPath: string;
  jwtSecret: string | null;
  dispose(): void;
}

export async function openBackupArchive(file: string): Promise<OpenedBackup> {
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}.`);
  const staging = mkdtempSync(join(tmpdir(), "changeradar-restore-"));
  const dispose = () => rmSync(staging, { recursive: true, force: true });
  try {
    await extract({ file, cwd: staging, strict: true, filter: (path) => isPart(path) });
    const manifest = readManifest(join(staging, MANIFEST), file);
    const payloadPath = join(staging, payloadNames[manifest.database]);
    if (!existsSync(payloadPath)) throw new BackupError(`${file} is incomplete: it holds no database dump.`);
    const secretPath = join(staging, SECRET);
    const jwtSecret = existsSync(secretPath) ? readFileSync(secretPath, "utf8").trim() : null;
    return { manifest, payloadPath, jwtSecret, dispose };
  } catch (error) {
    dispose();
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a ChangeRadar backup (${(error as Error).message}).`);
  }
}

function isPart(path: string): boolean {
  const name = path.replace(/^\.\//, "");
  return name === MANIFEST || name === SECRET || Object.values(payloadNames).includes(name);
}

function readManifest(path: string, file: string): BackupManifest {
  if (!existsSync(path)) throw new BackupError(`${file} is not a ChangeRadar backup (no manifest).`);
  const manifest = JSON.parse(readFileSync(path, "utf8")) as Partial<BackupManifest>;
  if (
    manifest.format !== "changeradar-backup" ||
    !manifest.database ||
    !(manifest.database in payloadNames)
  ) {
    throw new BackupError(`${file} is not a ChangeRadar backup (unknown manifest).`);
  }
  if (manifest.formatVersion !== 1) {
    throw new BackupError(
      `${file} was written in backup format ${manifest.formatVersion}, which this version cannot read.`,
    );
  }
  return manifest as BackupManifest;
}

/** Puts the backed-up secret in DATA_DIR; says what the operator must know about it. */
export function restoreJwtSecret(secretFile: string, secret: string | null): string {
  if (secret === null) {
    return "The backup holds no DATA_DIR/jwt-secret (the server ran with JWT_SECRET): start the restored server with the same JWT_SECRET, or the alert channels' stored secrets cannot be read.";
  }
  writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  chmodSync(secretFile, 0o600);
  return `DATA_DIR/jwt-secret restored from the backup (used when JWT_SECRET is not set).`;
}

/** True when `secretFile` holds a secret other than the backed-up one (restoring would replace it). */
export function secretDiffers(secretFile: string, secret: string | null): boolean {
  return secret !== null && existsSync(secretFile) && readFileSync(secretFile, "utf8").trim() !== secret;
}

export function entriesOf(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir) : [];
}

export function humanSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
