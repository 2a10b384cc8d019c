import { eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { blobs } from "../db/schema/blobs";
import { type BlobEncoding, contentHash, decodeBlob, encodeBlob } from "./blob-codec";

/**
 * Content-addressed, compressed, de-duplicated storage of snapshots, screenshots and diff images in the
 * foundation's blobs table. Writing the same bytes twice stores them once.
 */
export async function putBlob(db: Database, bytes: Uint8Array, contentType: string): Promise<string> {
  const [id] = await putBlobs(db, [{ bytes, contentType }]);
  return id;
}

export interface BlobInput {
  bytes: Uint8Array;
  contentType: string;
}

/** A blob encoded already (a snapshot the engine gzipped): its content address and length are given. */
export interface EncodedBlobInput {
  contentType: string;
  /** sha-256 of the uncompressed bytes, hex (contentHash). */
  id: string;
  size: number;
  data: Uint8Array;
  encoding: BlobEncoding;
}

/** Stores several blobs in one statement; answers their ids in the order given. */
export async function putBlobs(db: Database, inputs: readonly BlobInput[]): Promise<string[]> {
  return (await putEncodedBlobs(db, inputs)).map((blob) => blob.id);
}

export interface StoredBlob {
  id: string;
  data: Buffer;
  encoding: BlobEncoding;
}

/** `putBlobs`, answering each blob as it was stored: its id and its encoded bytes. */
export async function putEncodedBlobs(
  db: Database,
  inputs: readonly (BlobInput | EncodedBlobInput)[],
): Promise<StoredBlob[]> {
  if (inputs.length === 0) return [];
  const ids = inputs.map((input) => ("bytes" in input ? contentHash(input.bytes) : input.id));
  const unique = new Map<string, BlobInput | EncodedBlobInput>();
  inputs.forEach((input, i) => {
    if (!unique.has(ids[i])) unique.set(ids[i], input);
  });
  const rows = await Promise.all(
    [...unique].map(async ([id, input]) =>
      "bytes" in input
        ? {
            id,
            contentType: input.contentType,
            size: input.bytes.byteLength,
            ...(await encodeBlob(input.bytes, input.contentType)),
          }
        : {
            id,
            contentType: input.contentType,
            size: input.size,
            data: Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength),
            encoding: input.encoding,
          },
    ),
  );
  await db.insert(blobs).values(rows).onConflictDoNothing();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const { data, encoding } = byId.get(id)!;
    return { id, data, encoding };
  });
}

export async function readBlob(
  db: Database,
  id: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const [row] = await db.select().from(blobs).where(eq(blobs.id, id));
  if (!row) return null;
  return { bytes: await decodeBlob(row.data, row.encoding), contentType: row.contentType };
}

export async function putJsonBlob(db: Database, value: unknown): Promise<string> {
  return putBlob(db, Buffer.from(JSON.stringify(value)), "application/json");
}

/** Removes blobs no snapshot, change or user references any more (after retention deleted history). */
export async function deleteOrphanBlobs(db: Database, now: Date): Promise<number> {
  // Blobs younger than an hour may belong to a check whose transaction has not committed yet.
  const result = await db.execute(sql`
    delete from blobs b
    where b.created_at < ${now.toISOString()}::timestamptz - interval '1 hour'
      and not exists (select 1 from snapshots s where s.content_blob_id = b.id or s.screenshot_blob_id = b.id)
      and not exists (select 1 from changes c where c.diff_image_blob_id = b.id)
      and not exists (select 1 from users u where u.avatar_blob_id = b.id)`);
  return (
    (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
    (result as { rowCount?: number }).rowCount ??
    0
  );
}
