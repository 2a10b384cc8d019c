import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite's files must never be opened by two processes at once (DESIGN §2). A lock file holding the owner's
 * pid refuses a second process with a clear message; a lock left by a process that died is taken over.
 */
export function acquireDataDirLock(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "pglite.lock");
  // "wx" creates the file only if it does not exist, so two processes starting together cannot both win.
  while (!tryCreate(file)) {
    const owner = readOwner(file);
    if (owner === process.pid) break;
    if (owner !== null && isAlive(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by another ChangeRadar process (pid ${owner}). ` +
          "Stop that process first, or point DATA_DIR elsewhere.",
      );
    }
    rmSync(file, { force: true });
  }
  const release = () => {
    if (readOwner(file) === process.pid) rmSync(file, { force: true });
    process.off("exit", release);
  };
  process.on("exit", release);
  return { release };
}

/** The pid of the live process holding DATA_DIR's embedded database, or null when none does. */
export function liveLockOwner(dataDir: string): number | null {
  const owner = readOwner(join(dataDir, "pglite.lock"));
  return owner !== null && owner !== process.pid && isAlive(owner) ? owner : null;
}

function tryCreate(file: string): boolean {
  try {
    writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function readOwner(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
