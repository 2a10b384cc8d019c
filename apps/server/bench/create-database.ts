/** Creates and migrates the embedded database in argv[2] (run as a child process by the benchmark). */
import { createDatabase } from "../src/db/database";
import { migrate } from "../src/db/migrate";

const database = await createDatabase({ databaseUrl: null, dataDir: process.argv[2] as string });
await migrate(database);
await database.close();
