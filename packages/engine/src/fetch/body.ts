import { pipeline, Readable, type Transform } from "node:stream";
import zlib from "node:zlib";
import { releaseBytes } from "./release-bytes";
import { FetchError } from "./types";

/**
 * Reads a response body under a size cap that applies both to the bytes on the wire and to the
 * decompressed bytes, so a gzip bomb stops after `maxBytes` of output instead of filling memory.
 */
export async function readCappedBody(
  body: AsyncIterable<Uint8Array>,
  contentEncoding: string | null,
  maxBytes: number,
): Promise<Buffer> {
  const encodings = parseContentEncoding(contentEncoding);
  let stream: AsyncIterable<Uint8Array> = capped(body, maxBytes, "response");
  for (const encoding of [...encodings].reverse()) {
    stream = capped(decompress(stream, encoding), maxBytes, "decompressed response");
  }
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const whole = Buffer.concat(chunks);
  // The socket's reads, now copied: freed at once. A decompressor's chunks share its output buffer.
  if (encodings.length === 0) releaseBytes(chunks);
  return whole;
}

export function parseContentEncoding(header: string | null): string[] {
  return (header ?? "")
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== "" && token !== "identity");
}

async function* capped(source: AsyncIterable<Uint8Array>, maxBytes: number, what: string) {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      throw new FetchError("too_large", `The ${what} is larger than the ${formatBytes(maxBytes)} limit`);
    }
    yield chunk;
  }
}

async function* decompress(source: AsyncIterable<Uint8Array>, encoding: string): AsyncGenerator<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const decompressor = createDecompressor(encoding, first.value);
  const input = Readable.from(prepend(first.value, iterator), { objectMode: false });
  const output = pipeline(input, decompressor, () => {});
  try {
    for await (const chunk of output) yield chunk as Buffer;
  } catch (error) {
    if (error instanceof FetchError) throw error;
    throw new FetchError(
      "decode",
      `The response body is not valid ${encoding} data (${(error as Error).message})`,
    );
  }
}

function createDecompressor(encoding: string, firstChunk: Uint8Array): Transform {
  // Tolerate truncated streams the way browsers do: flush what was decoded instead of failing.
  const lenient = { finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 };
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip(lenient);
    case "deflate":
      // "deflate" should be zlib-wrapped, but some servers send raw deflate.
      return hasZlibHeader(firstChunk) ? zlib.createInflate(lenient) : zlib.createInflateRaw(lenient);
    case "br":
      return zlib.createBrotliDecompress({
        finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
        chunkSize: 64 * 1024,
      });
    default:
      throw new FetchError("decode", `The server used an unsupported content encoding "${encoding}"`);
  }
}

function hasZlibHeader(bytes: Uint8Array): boolean {
  if (bytes.length < 2) return false;
  const cmf = bytes[0]!;
  const flg = bytes[1]!;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
}

async function* prepend(first: Uint8Array, rest: AsyncIterator<Uint8Array>) {
  yield first;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
