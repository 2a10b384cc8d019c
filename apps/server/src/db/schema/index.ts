/**
 * The whole database schema, one file per domain. A new domain adds its own file here and a line below;
 * `npm run db:generate -w apps/server` then writes the next SQL migration into apps/server/drizzle/.
 */
export * from "./alerts";
export * from "./analytics";
export * from "./api-keys";
export * from "./audit";
export * from "./auth";
export * from "./billing";
export * from "./blobs";
export * from "./blog";
export * from "./checks";
export * from "./demo";
export * from "./feedback";
export * from "./mail";
export * from "./monitors";
export * from "./operations";
export * from "./sharing";
export * from "./support";
export * from "./users";
