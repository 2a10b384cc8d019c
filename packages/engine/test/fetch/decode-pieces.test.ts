/**
 * A body is decoded in pieces (so no large page is one string, see DECODE_PIECE_BYTES): the pieces joined
 * must be the text the whole body decodes to, whatever falls on a piece's edge.
 */
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { DECODE_PIECE_BYTES, decodeTextPieces } from "../../src/fetch/charset";

/** V8's largest object that is not given memory of its own: a UTF-16 string of half as many characters. */
const LARGEST_YOUNG_OBJECT_BYTES = 128 * 1024;

/** ASCII filler up to `at` bytes, then `bytes` there (so they straddle the edge between two pieces). */
function bodyWith(parts: { at: number; bytes: Buffer }[], length: number): Buffer {
  const body = Buffer.alloc(length, "a");
  for (const { at, bytes } of parts) bytes.copy(body, at);
  return body;
}

function expectSmallPieces(pieces: readonly string[]): void {
  for (const piece of pieces) expect(piece.length * 2).toBeLessThan(LARGEST_YOUNG_OBJECT_BYTES);
}

describe("decoding a body in pieces", () => {
  it("keeps a character cut by a piece's edge whole (UTF-8 of 2, 3 and 4 bytes)", () => {
    const edge = DECODE_PIECE_BYTES;
    const body = bodyWith(
      [
        { at: edge - 1, bytes: Buffer.from("é") },
        { at: 2 * edge - 2, bytes: Buffer.from("€") },
        { at: 3 * edge - 3, bytes: Buffer.from("😀") },
      ],
      4 * edge + 100,
    );
    const { pieces, charset } = decodeTextPieces(body, "text/html; charset=utf-8");
    expect(charset).toBe("utf-8");
    expect(pieces.length).toBeGreaterThan(4);
    expectSmallPieces(pieces);
    expect(pieces.join("")).toBe(body.toString("utf8"));
  });

  it("replaces malformed UTF-8 as the whole body's decoding does, at an edge too", () => {
    const edge = DECODE_PIECE_BYTES;
    // A 3-byte sequence cut short right before the edge, a lone continuation byte right after it.
    const body = bodyWith(
      [
        { at: edge - 2, bytes: Buffer.from([0xe2, 0x82]) },
        { at: edge, bytes: Buffer.from([0x80, 0x80, 0x41]) },
      ],
      2 * edge,
    );
    const { pieces } = decodeTextPieces(body, "text/html; charset=utf-8");
    expect(pieces.join("")).toBe(body.toString("utf8"));
  });

  it("drops a byte order mark", () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("<p>prix 9 €</p>")]);
    expect(decodeTextPieces(body, null).pieces.join("")).toBe("<p>prix 9 €</p>");
  });

  it("keeps a double-byte character of a declared charset whole across an edge (Shift_JIS)", () => {
    const text = "価格：１，２８０円（税込）在庫あり";
    const encoded = iconv.encode(text, "Shift_JIS");
    const body = bodyWith([{ at: DECODE_PIECE_BYTES - 1, bytes: encoded }], 2 * DECODE_PIECE_BYTES);
    const { pieces, charset } = decodeTextPieces(body, "text/html; charset=Shift_JIS");
    expect(charset).toBe("shift_jis");
    expect(pieces.join("")).toBe(iconv.decode(body, "Shift_JIS"));
    expect(pieces.join("")).toContain(text);
  });

  it("reads an undeclared body as windows-1252 when a byte past the first pieces is not UTF-8", () => {
    // Valid UTF-8 for two pieces ("é" in UTF-8), then a windows-1252 "é" (0xE9) alone.
    const body = bodyWith(
      [
        { at: 10, bytes: Buffer.from("é") },
        { at: 2 * DECODE_PIECE_BYTES + 5, bytes: Buffer.from([0xe9, 0x20]) },
      ],
      3 * DECODE_PIECE_BYTES,
    );
    const { pieces, charset } = decodeTextPieces(body, "text/html");
    expect(charset).toBe("windows-1252");
    expect(pieces.join("")).toBe(iconv.decode(body, "windows-1252"));
    expectSmallPieces(pieces);
  });

  it("gives one empty piece for an empty body", () => {
    expect(decodeTextPieces(new Uint8Array(0), "text/html").pieces).toEqual([""]);
  });
});
