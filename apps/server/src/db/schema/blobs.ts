import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns";

/**
 * Content-addressed binary storage (DESIGN §2): avatars now, snapshots and screenshots later.
 * The id is the sha-256 of the original bytes, so identical content is stored once.
 */
export const blobs = pgTable("blobs", {
  id: text("id").primaryKey(),
  contentType: text("content_type").notNull(),
  /** "gzip" for compressible content (HTML, text, JSON); "identity" for already-compressed images. */
  encoding: text("encoding", { enum: ["gzip", "identity"] }).notNull(),
  data: bytea("data").notNull(),
  /** Size of the original, uncompressed bytes. */
  size: integer("size").notNull(),
  createdAt: createdAt(),
});
