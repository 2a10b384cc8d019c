import { isAscii, transcode } from "node:buffer";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The text of valid UTF-8 bytes (a byte order mark kept), or null when they are not valid UTF-8: what a
 * fatal TextDecoder returns, faster. Node 20's own decoder (Buffer#toString, TextDecoder) reads a page
 * that mixes ASCII with a few other characters at about 100 MB/s, slower than the HTML tokenizer that
 * reads the result; ICU's converter behind `transcode` reads it at about twice that, and all-ASCII bytes
 * are copied as Latin-1. Measured on the corpus: 620 → 385 ms for its 79 MB.
 */
export function decodeValidUtf8(bytes: Uint8Array): string | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isAscii(buffer)) return buffer.toString("latin1");
  try {
    return transcode(buffer, "utf8", "utf16le").toString("utf16le");
  } catch {
    // Invalid bytes, or a Node built without ICU: the standard decoder says which.
    try {
      return strictUtf8.decode(buffer);
    } catch {
      return null;
    }
  }
}

/** UTF-8 bytes as text, malformed sequences read as U+FFFD (the Encoding Standard's replacement), BOM kept. */
export function decodeUtf8(bytes: Uint8Array): string {
  return (
    decodeValidUtf8(bytes) ?? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8")
  );
}
