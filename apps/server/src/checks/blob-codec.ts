import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";

const compress = promisify(gzip);
const decompress = promisify(gunzip);

/** Content address of a blob: the sha-256 of its uncompressed bytes, hex. */
export function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The blobs table's encodings. */
export type BlobEncoding = "gzip" | "identity";

/** A stored row's encoding, refused when it is none of the table's. */
export function blobEncoding(encoding: string): BlobEncoding {
  if (encoding === "gzip" || encoding === "identity") return encoding;
  throw new Error(`Unknown blob encoding: ${encoding}`);
}

/** Text is gzipped; PNGs are already compressed, so they are stored as they are. */
export async function encodeBlob(
  bytes: Uint8Array,
  contentType: string,
): Promise<{ data: Buffer; encoding: BlobEncoding }> {
  if (contentType === "image/png") return { data: Buffer.from(bytes), encoding: "identity" };
  return { data: await compress(bytes, { level: 6 }), encoding: "gzip" };
}

export async function decodeBlob(data: Uint8Array, encoding: string): Promise<Buffer> {
  return blobEncoding(encoding) === "gzip" ? decompress(data) : Buffer.from(data);
}
