/**
 * The engine reads a fetched page's text in the pieces it was decoded in (PageText). A page read in pieces
 * must give the very snapshot the same page gives read whole: on every corpus page, in the decoder's pieces
 * and in pieces of a few characters, which cut tags, attributes, entities, comments and scripts.
 */
import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";
import { decodeTextPieces } from "../../src/fetch/charset";
import { corpusEntries, readCorpusPage } from "../compare/mutations/corpus";

const pages = corpusEntries().map((entry) => readCorpusPage(entry));

function piecesOf(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces;
}

describe("a page read in pieces", () => {
  it("gives the snapshot of the page read whole, on every corpus page, in the decoder's pieces", () => {
    expect(pages.length).toBeGreaterThan(100);
    for (const { file, input } of pages) {
      const bytes = input.bytes as Uint8Array;
      const { pieces } = decodeTextPieces(bytes, input.contentType);
      expect(pieces.join(""), file).toBe(input.text);
      expect(extractSnapshotSync({ ...input, text: pieces }), file).toEqual(extractSnapshotSync(input));
    }
  });

  it("gives the same snapshot in pieces of a few characters, whole page and scoped", () => {
    for (const { file, input } of pages.filter((_, i) => i % 8 === 0)) {
      const tiny = piecesOf(input.text, 7);
      expect(extractSnapshotSync({ ...input, text: tiny }), file).toEqual(extractSnapshotSync(input));
      if (input.contentType !== "text/html") continue;
      const scope = { kind: "css", selector: "body" } as const;
      expect(extractSnapshotSync({ ...input, text: tiny }, { scope }), file).toEqual(
        extractSnapshotSync(input, { scope }),
      );
    }
  });
});
