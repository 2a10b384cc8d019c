import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * How a command reaches the `serve` process that holds the embedded database: while it runs, serve keeps
 * `DATA_DIR/control.json` (mode 0600) with its pid, port and a random token; a command run by the same
 * operator on the same machine reads it and calls the local-only endpoint with that token.
 */
export interface ControlFile {
  pid: number;
  port: number;
  token: string;
}

const fileIn = (dataDir: string) => join(dataDir, "control.json");

export function newControlToken(): string {
  return randomBytes(32).toString("base64url");
}

export function writeControlFile(dataDir: string, control: ControlFile): () => void {
  const file = fileIn(dataDir);
  writeFileSync(file, JSON.stringify(control), { mode: 0o600 });
  const remove = () => {
    if (readControlFile(dataDir)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.once("exit", remove);
  return remove;
}

export function readControlFile(dataDir: string): ControlFile | null {
  try {
    const parsed = JSON.parse(readFileSync(fileIn(dataDir), "utf8")) as Partial<ControlFile>;
    if (
      typeof parsed.pid !== "number" ||
      typeof parsed.port !== "number" ||
      typeof parsed.token !== "string"
    ) {
      return null;
    }
    return parsed as ControlFile;
  } catch {
    return null;
  }
}
