export { createDatabase, type Database, type DatabaseHandle } from "./database";
export { migrate } from "./migrate";
export * as schema from "./schema";
