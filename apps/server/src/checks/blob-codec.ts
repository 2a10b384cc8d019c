import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";

const compress = promisify(gzip);
const decompress = promisify(gunzip);

/** Content address of a blob: the sha-256 of its uncompressed bytes, hex. */
export function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Text is gzipped (the blobs table's encodings); PNGs are already compressed, so they are stored as they are. */
export async function encodeBlob(
  bytes: Uint8Array,
  contentType: string,
): Promise<{ data: Buffer; encoding: "gzip" | "identity" }> {
  if (contentType === "image/png") return { data: Buffer.from(bytes), encoding: "identity" };
  return { data: await compress(bytes, { level: 6 }), encoding: "gzip" };
}

export async function decodeBlob(data: Uint8Array, encoding: string): Promise<Buffer> {
  if (encoding === "identity") return Buffer.from(data);
  if (encoding === "gzip") return decompress(data);
  throw new Error(`Unknown blob encoding: ${encoding}`);
}
