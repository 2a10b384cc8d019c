import { describe, expect, it } from "vitest";
import { jsonBytes, jsonTextPieces } from "../../src/pool/json-bytes";
import type { Snapshot } from "../../src/snapshot";

/** A version of a long page: 20,000 lines (~1 MB of text), in scripts that make two-byte strings. */
const longSnapshot: Snapshot = {
  version: 1,
  url: 'https://example.test/page?q="quoted"&x=\\',
  format: "html",
  title: "Crème brûlée — 4,50 € 🍮",
  lines: Array.from(
    { length: 20_000 },
    (_, i) => `Line ${i}: «Prix» 4,50 € — 価格 ${i} 🍮 "quoted" \\ \u2028`,
  ),
  price: { amount: 4.5, currency: "EUR", maxAmount: null, source: "json-ld" },
  availability: "in_stock",
  items: Array.from({ length: 300 }, (_, i) => ({
    title: `Item ${i}`,
    url: `https://example.test/${i}`,
    key: `k${i}`,
  })),
  images: [],
  structure: { hash: "f00", paths: ["html>body>div", "html>body>div>p"] },
  scopeMatched: null,
};

describe("JSON written in pieces", () => {
  it("is byte for byte what JSON.stringify writes, for a long version of a page", () => {
    expect(jsonBytes(longSnapshot).equals(Buffer.from(JSON.stringify(longSnapshot)))).toBe(true);
  });

  it("never holds the whole text in one string: every piece is far under V8's large-object size", () => {
    const pieces = jsonTextPieces(longSnapshot);
    expect(pieces.length).toBeGreaterThan(20);
    // Under V8's largest young-generation object (128 KB) as UTF-16.
    for (const piece of pieces) expect(piece.length * 2).toBeLessThan(128 * 1024);
    expect(pieces.join("")).toBe(JSON.stringify(longSnapshot));
  });

  it("writes what JSON.stringify writes for members it leaves out or writes in its own way", () => {
    const odd = {
      gone: undefined,
      fn: () => 1,
      sym: Symbol("s"),
      date: new Date(Date.UTC(2026, 0, 2)),
      numbers: [Number.NaN, -0, Number.POSITIVE_INFINITY, 1e21, 0.1],
      holes: [undefined, () => 1, Symbol("t"), null],
      nested: [[[]], {}, { a: [1, { b: undefined, c: "\ud800 lone" }] }],
      bare: Object.assign(Object.create(null) as object, { z: 1, 2: "two", 1: "one" }),
      withToJSON: { toJSON: () => "custom" },
      empty: [],
    };
    expect(jsonBytes(odd).toString()).toBe(JSON.stringify(odd));
    expect(jsonBytes([1, "two", { three: [3] }]).toString()).toBe(JSON.stringify([1, "two", { three: [3] }]));
    expect(jsonBytes("text").toString()).toBe('"text"');
    expect(() => jsonBytes(undefined)).toThrow("no JSON form");
  });
});
