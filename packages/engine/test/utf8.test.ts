import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeUtf8, decodeValidUtf8 } from "../src/utf8";
import { CORPUS_DIR, corpusEntries } from "./compare/mutations/corpus";

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const standard = (bytes: Uint8Array): string | null => {
  try {
    return fatal.decode(bytes);
  } catch {
    return null;
  }
};

/** Bytes around UTF-8's edges: lead bytes of every length, continuations, overlongs, surrogates, past U+10FFFF. */
const edgeBytes = [
  0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef,
];
edgeBytes.push(0xf0, 0xf4, 0xf5, 0xf8, 0xfe, 0xff, 0xbb);

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

describe("decodeValidUtf8", () => {
  // The fast path must read bytes exactly as the Encoding Standard's fatal decoder does, or every stored
  // snapshot of a page with such bytes would read as changed.
  it("accepts and rejects exactly what a fatal TextDecoder does, with the same text", () => {
    const random = seededRandom(11);
    let invalid = 0;
    for (let i = 0; i < 50_000; i++) {
      const bytes = new Uint8Array(1 + Math.floor(random() * 10));
      for (let j = 0; j < bytes.length; j++)
        bytes[j] =
          random() < 0.7 ? (edgeBytes[Math.floor(random() * edgeBytes.length)] as number) : random() * 256;
      const expected = standard(bytes);
      if (expected === null) invalid++;
      expect(decodeValidUtf8(bytes), Buffer.from(bytes).toString("hex")).toBe(expected);
    }
    expect(invalid).toBeGreaterThan(10_000);
  });

  it("reads every code point, a byte order mark kept", () => {
    const random = seededRandom(5);
    for (let i = 0; i < 5_000; i++) {
      let text = "\uFEFF";
      for (let j = 0; j < 6; j++) {
        const point = Math.floor(random() * 0x110000);
        text += String.fromCodePoint(point >= 0xd800 && point < 0xe000 ? 0xfffd : point);
      }
      expect(decodeValidUtf8(Buffer.from(text, "utf8"))).toBe(text);
    }
  });

  it("reads a view into a larger buffer by its own bytes", () => {
    const whole = Buffer.from("prefix·prix 12,50 €·suffix", "utf8");
    const view = whole.subarray(8, whole.length - 8);
    expect(decodeValidUtf8(view)).toBe(view.toString("utf8"));
    expect(decodeValidUtf8(new Uint8Array([0x61, 0x62]))).toBe("ab");
  });
});

describe("decodeUtf8", () => {
  it("reads malformed sequences as U+FFFD, as Node's decoder does", () => {
    const bytes = Buffer.from([0x61, 0xe2, 0x82, 0x62, 0xff, 0xc3, 0xa9, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98]);
    expect(decodeUtf8(bytes)).toBe(bytes.toString("utf8"));
    expect(decodeUtf8(bytes)).toContain("\uFFFD");
  });

  it("reads every corpus page as Node's decoder does", () => {
    for (const entry of corpusEntries()) {
      const bytes = readFileSync(join(CORPUS_DIR, entry.file));
      expect(decodeUtf8(bytes) === bytes.toString("utf8"), entry.file).toBe(true);
    }
  }, 60_000);
});
