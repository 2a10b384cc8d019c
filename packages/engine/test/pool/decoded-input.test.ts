import { describe, expect, it } from "vitest";
import { decodeText } from "../../src/fetch/charset";
import { decodedInput } from "../../src/pool/jobs";

describe("a body handed to the extractor", () => {
  it("is its text in the decoder's pieces, none of them a large string", () => {
    const html = `<html><body>${"<p>Crème brûlée — 4,50 €</p>".repeat(12_000)}</body></html>`;
    const bytes = new Uint8Array(Buffer.from(html));
    const input = decodedInput({
      url: "https://example.test/",
      contentType: "text/html",
      contentTypeHeader: "text/html; charset=utf-8",
      bytes,
    });
    expect(Array.isArray(input.text)).toBe(true);
    const pieces = input.text as readonly string[];
    expect(pieces.length).toBeGreaterThan(5);
    // Under V8's largest young-generation object (128 KB) as UTF-16.
    for (const piece of pieces) expect(piece.length * 2).toBeLessThan(128 * 1024);
    expect(pieces.join("")).toBe(decodeText(bytes, "text/html; charset=utf-8").text);
  });
});
