import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Creates a new PGlite data directory (initdb) in a short-lived child process. initdb grows the WASM heap to
 * ~750 MB and a WASM heap never shrinks, so doing it in-process would leave the server at that size for its
 * whole life; opened afterwards, the same directory costs ~250 MB.
 */
export async function initPgliteDataDir(pgDataDir: string, postgresqlconf: string[]): Promise<void> {
  if (existsSync(join(pgDataDir, "PG_VERSION"))) return;
  const script = `
    const { PGlite } = await import("@electric-sql/pglite");
    const [dir, conf] = process.argv.slice(1);
    const client = await PGlite.create(dir, { postgresqlconf: JSON.parse(conf) });
    await client.close();
  `;
  try {
    await run(
      process.execPath,
      ["--input-type=module", "-e", script, pgDataDir, JSON.stringify(postgresqlconf)],
      {
        cwd: import.meta.dirname,
        timeout: 120_000,
      },
    );
  } catch (error) {
    const detail =
      error instanceof Error && "stderr" in error ? String(error.stderr).trim().split("\n").at(-1) : "";
    throw new Error(`Could not create the embedded database in ${pgDataDir}: ${detail || String(error)}`);
  }
}
