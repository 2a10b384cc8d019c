import { gzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { readCappedBody } from "../../src/fetch/body";
import { releaseBytes } from "../../src/fetch/release-bytes";

const owned = (text: string) => new TextEncoder().encode(text);

async function* chunksOf(...chunks: Uint8Array[]): AsyncIterable<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

describe("releaseBytes", () => {
  it("frees a view over its whole buffer", async () => {
    const bytes = new Uint8Array(4 * 1024 * 1024).fill(7);
    const before = process.memoryUsage().arrayBuffers;
    releaseBytes([bytes]);
    expect(bytes.buffer.byteLength).toBe(0);
    // The memory goes with the undelivered message, on a later turn of the event loop.
    await vi.waitFor(() =>
      expect(before - process.memoryUsage().arrayBuffers).toBeGreaterThan(3.9 * 1024 * 1024),
    );
  });

  it("leaves a part of a buffer, a shared buffer and Node's pool of small buffers alone", () => {
    const whole = new Uint8Array(1024).fill(1);
    const part = whole.subarray(16, 64);
    const shared = new Uint8Array(new SharedArrayBuffer(1024));
    const pooled = Buffer.from("small");
    releaseBytes([part, shared, pooled]);
    expect(whole.byteLength).toBe(1024);
    expect(part.byteLength).toBe(48);
    expect(shared.byteLength).toBe(1024);
    expect(pooled.toString()).toBe("small");
  });

  it("takes released, empty and missing bytes without an error", () => {
    const bytes = owned("once");
    releaseBytes([bytes]);
    expect(() => releaseBytes([bytes, new Uint8Array(0), null, undefined])).not.toThrow();
  });
});

describe("readCappedBody", () => {
  it("frees the chunks it joined, and the body it answers stays whole", async () => {
    const chunks = [owned("<html><body>"), owned("<h1>Desk lamp</h1>"), owned("</body></html>")];
    const body = await readCappedBody(chunksOf(...chunks), null, 1024);
    expect(body.toString()).toBe("<html><body><h1>Desk lamp</h1></body></html>");
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([0, 0, 0]);
  });

  it("leaves a decompressed body's input to the decompressor", async () => {
    const gzipped = new Uint8Array(gzipSync("<p>Warm light.</p>"));
    const body = await readCappedBody(chunksOf(gzipped), "gzip", 1024);
    expect(body.toString()).toBe("<p>Warm light.</p>");
    expect(gzipped.byteLength).toBeGreaterThan(0);
  });
});
