import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";
import { encodeSnapshot, storedSnapshotJson, unpackSnapshot } from "../../src/pool";
import { snapshotFromStored } from "../../src/pool/stored-form";
import type { Snapshot } from "../../src/snapshot";
import { htmlCorpusEntries, readCorpusPage } from "../compare/mutations/corpus";

const snapshotWith = (paths: string[]): Snapshot => ({
  version: 1,
  url: "https://example.test/",
  format: "html",
  title: "A page",
  lines: ["A page", "4,50 €"],
  price: null,
  availability: "unknown",
  items: [],
  images: [],
  structure: { hash: "f00", paths },
  scopeMatched: null,
});

/** A page's sorted paths: every element's path repeats its parent's. */
const deepPaths = Array.from({ length: 400 }, (_, i) =>
  `html.js.no-touch>body.page>div.wrapper>main#content>section.products>ul.grid>li.card-${i % 7}>a`.slice(
    0,
    40 + (i % 60),
  ),
).sort();

describe("a version as stored", () => {
  it("keeps its structure paths front-coded: the JSON holds no path whole, and is a fraction of the size", () => {
    const snapshot = snapshotWith(deepPaths);
    const stored = JSON.parse(storedSnapshotJson(snapshot).toString()) as {
      structure: Record<string, unknown>;
    };
    expect(stored.structure).not.toHaveProperty("paths");
    expect(stored.structure.hash).toBe("f00");
    expect((stored.structure.tails as string[]).length).toBe(deepPaths.length);
    expect(storedSnapshotJson(snapshot).byteLength * 3).toBeLessThan(JSON.stringify(snapshot).length);
  });

  it("is read back as the snapshot it was, whatever its paths", () => {
    const cases = [
      [],
      ["html"],
      ["html", "html", "html>body"],
      ["b>c", "a", "a>b", "a>b"],
      // Two paths that differ only in a surrogate pair's second half: the shared part ends inside the pair.
      ["html>p.\u{1F600}", "html>p.\u{1F601}", "html>p.\u{1F601}>b"],
      deepPaths,
    ];
    for (const paths of cases) {
      const snapshot = snapshotWith(paths);
      expect(snapshotFromStored(storedSnapshotJson(snapshot).toString())).toEqual(snapshot);
      const encoded = encodeSnapshot(snapshot);
      expect(unpackSnapshot({ json: encoded.gzip, encoding: "gzip" })).toEqual(snapshot);
      // The members keep their order, so the snapshot's own JSON is the same too.
      expect(JSON.stringify(unpackSnapshot({ json: encoded.gzip, encoding: "gzip" }))).toBe(
        JSON.stringify(snapshot),
      );
    }
  });

  it("is addressed by the stored JSON's sha-256 and length", () => {
    const snapshot = snapshotWith(deepPaths);
    const encoded = encodeSnapshot(snapshot);
    const json = gunzipSync(encoded.gzip);
    expect(json.equals(storedSnapshotJson(snapshot))).toBe(true);
    expect(encoded.sha256).toBe(createHash("sha256").update(json).digest("hex"));
    expect(encoded.size).toBe(json.byteLength);
  });

  it("reads versions stored before, with their paths whole", () => {
    const snapshot = snapshotWith(deepPaths);
    expect(unpackSnapshot({ json: gzipSync(JSON.stringify(snapshot)), encoding: "gzip" })).toEqual(snapshot);
    expect(unpackSnapshot({ json: Buffer.from(JSON.stringify(snapshot)), encoding: "identity" })).toEqual(
      snapshot,
    );
  });

  it("round-trips the corpus's pages, in a JSON less than half the size", () => {
    const entries = htmlCorpusEntries().slice(0, 12);
    let plain = 0;
    let stored = 0;
    for (const entry of entries) {
      const snapshot = extractSnapshotSync({ ...readCorpusPage(entry).input, bytes: undefined });
      const encoded = encodeSnapshot(snapshot);
      expect(unpackSnapshot({ json: encoded.gzip, encoding: "gzip" })).toEqual(snapshot);
      plain += Buffer.byteLength(JSON.stringify(snapshot));
      stored += encoded.size;
    }
    expect(stored * 2).toBeLessThan(plain);
  });
});
