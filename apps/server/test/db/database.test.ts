import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/database";
import { migrate } from "../../src/db/migrate";
import { pgliteSettings } from "../../src/db/pglite";
import { embeddedDataDir, postgresPass, useTestDatabase } from "../helpers/database";

const database = useTestDatabase();

describe("the database handle", () => {
  it("applies migrations once: a second run changes nothing", async () => {
    await migrate(database.handle);
    const result = await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const rows = (result as unknown as { rows: Array<{ n: number }> }).rows;
    expect(rows[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it("delivers NOTIFY payloads to LISTEN handlers, parameters never spliced into SQL", async () => {
    const received: string[] = [];
    const unsubscribe = await database.handle.listen("check_results", (payload) => received.push(payload));
    await database.handle.notify("check_results", 'it\'s {"monitor": 1}; --');
    for (let i = 0; i < 50 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await unsubscribe();
    expect(received).toEqual(['it\'s {"monitor": 1}; --']);
  });

  it.skipIf(postgresPass)("starts the embedded database with its memory settings in force", async () => {
    const shown = async (name: string) => {
      const result = await database.db.execute(sql.raw(`show ${name}`));
      return (result as unknown as { rows: Array<Record<string, string>> }).rows[0]?.[name];
    };
    // Shared buffers are resident WebAssembly memory for the server's whole life: 8 MB, not 16.
    expect(await shown("shared_buffers")).toBe("8MB");
    for (const setting of pgliteSettings) {
      const [name, value] = setting.split(/\s*=\s*/);
      expect(await shown(name!)).toBe(value);
    }
  });

  it.skipIf(postgresPass)("refuses a second process on the same PGlite data directory", async () => {
    const dataDir = embeddedDataDir("changeradar-lock-");
    // pid 1 is always alive and never ours: it stands for another ChangeRadar process.
    writeFileSync(join(dataDir, "pglite.lock"), "1\n");
    await expect(createDatabase({ databaseUrl: null, dataDir })).rejects.toThrow(
      /in use by another ChangeRadar process \(pid 1\)/,
    );
    // A lock left by a process that no longer exists is taken over.
    writeFileSync(join(dataDir, "pglite.lock"), "999999999\n");
    const handle = await createDatabase({ databaseUrl: null, dataDir });
    await handle.ping();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
