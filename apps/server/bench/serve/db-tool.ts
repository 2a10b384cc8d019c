/**
 * The serve benchmark's hands on the database, in a child process of its own (the embedded database is
 * held by one process at a time, and the bench process should not carry PGlite's memory):
 *
 *   tsx db-tool.ts <file.json>   with {command, dataDir, databaseUrl?, …} in the file
 *
 * - seed {urls, watch}: migrates, adds one Business user (with an API key) per 50 URLs and a monitor
 *   per URL (daily, none due before tomorrow); prints {users: [{key, ids}]}.
 * - due {at, rate?, count?}: the first `count` monitors (creation order) become due from `at`, `rate`
 *   per second (all at `at` when no rate); the others tomorrow. Prints {ids} of those due.
 * - lag {at, rate, count}: the first check of each of those monitors started after `at`, how late it
 *   started against the due time `due` gave it; prints {lagsMs}.
 * - bytes: pg_total_relation_size of every table of the public schema, and the rows written so far.
 * - copy {copies}, dueCopies {at, rate, from, count}, copyLag {…, end}: the sustained lag run's copies
 *   of the monitors (sustained-queries.ts).
 */
import { readFileSync } from "node:fs";
import { createDatabase } from "../../src/db/database";
import { migrate } from "../../src/db/migrate";
import { benchCommands, type ToolArgs } from "./bench-queries";

const args = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as ToolArgs;
const database = await createDatabase({ databaseUrl: args.databaseUrl ?? null, dataDir: args.dataDir });
try {
  await migrate(database);
  const result = await benchCommands[args.command](database, args);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await database.close();
}
