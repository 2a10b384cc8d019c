import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { blobs } from "../db/schema";

export interface StoredBlob {
  id: string;
  contentType: string;
  data: Buffer;
  size: number;
}

/**
 * Stores bytes under their sha-256 (DESIGN §2: content-addressed, compressed, deduplicated) and returns
 * the id. `compress: false` for formats that are already compressed (PNG, JPEG, WebP).
 */
export async function putBlob(
  db: Database,
  data: Buffer,
  contentType: string,
  options: { compress: boolean },
): Promise<string> {
  const id = createHash("sha256").update(data).digest("hex");
  await db
    .insert(blobs)
    .values({
      id,
      contentType,
      encoding: options.compress ? "gzip" : "identity",
      data: options.compress ? gzipSync(data) : data,
      size: data.length,
    })
    .onConflictDoNothing({ target: blobs.id });
  return id;
}

export async function getBlob(db: Database, id: string): Promise<StoredBlob | null> {
  const [row] = await db.select().from(blobs).where(eq(blobs.id, id)).limit(1);
  if (!row) return null;
  const data = row.encoding === "gzip" ? gunzipSync(row.data) : row.data;
  return { id: row.id, contentType: row.contentType, data, size: row.size };
}
