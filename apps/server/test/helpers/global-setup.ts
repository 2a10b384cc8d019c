import type { TestProject } from "vitest/node";
import { createDatabaseTemplate } from "./database";

/** Once per run: a migrated template database that every test file copies (see helpers/database.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, destroy } = await createDatabaseTemplate();
  project.provide("databaseTemplate", template);
  return destroy;
}
