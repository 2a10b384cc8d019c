import { types } from "@electric-sql/pglite";

/**
 * bytea in and out of PGlite through Buffer's native hex codec. PGlite's own pair builds an array of
 * one string per byte to write a value and calls parseInt per byte to read one: for a stored snapshot
 * (~10–20 KB compressed) that was milliseconds of the main thread per blob written or read.
 */
export const byteaSerializer = (value: unknown): string => {
  if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
};

/** The value's bytes in a Uint8Array of their own, as PGlite's parser answers them. */
export const byteaParser = (text: string): Uint8Array => {
  if (!text.startsWith("\\x")) throw new Error("Unexpected bytea output format (bytea_output must be hex)");
  const bytes = new Uint8Array((text.length - 2) / 2);
  Buffer.from(bytes.buffer).write(text.slice(2), "hex");
  return bytes;
};

/** The options PGlite is created with so both directions use them. */
export const pgliteByteaTypes = {
  parsers: { [types.BYTEA]: byteaParser },
  serializers: { [types.BYTEA]: byteaSerializer },
};
