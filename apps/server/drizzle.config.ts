import { defineConfig } from "drizzle-kit";

/** `npm run db:generate -w apps/server` writes the next migration from the schema files. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
});
