import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { updateJoined } from "../src/hash-joined";

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const joinedSha = (parts: string[], separator: string) =>
  updateJoined(createHash("sha256"), parts, separator).digest("hex");

describe("updateJoined", () => {
  // Stored fingerprints are these hashes: a different byte stream would be a change on every monitor.
  it("hashes exactly the bytes of the joined parts, across its groups of parts", () => {
    for (const count of [0, 1, 2, 63, 64, 65, 128, 129, 1000]) {
      const parts = Array.from({ length: count }, (_, i) => (i % 7 === 0 ? "" : `line ${i} · prix 12,50 €`));
      expect(joinedSha(parts, "\n")).toBe(sha(parts.join("\n")));
    }
  });

  it("hashes long parts and many of them, across its chunks, as the joined string", () => {
    const long = "x".repeat(20_000);
    for (const parts of [[long], [long, "a", long], Array.from({ length: 5000 }, (_, i) => `path/${i}/€`)])
      expect(joinedSha(parts, "\n")).toBe(sha(parts.join("\n")));
  });

  // A chunk that ended between the halves of a pair would encode each half as U+FFFD.
  it("never splits a surrogate pair across two chunks", () => {
    const emoji = "\u{1F600}";
    const high = emoji.slice(0, 1);
    const low = emoji.slice(1);
    const parts = [`${"a".repeat(16_383)}${high}`, `${low}b`];
    expect(joinedSha(parts, "")).toBe(sha(parts.join("")));
  });

  it("keeps empty parts and a multi-character separator in place", () => {
    const parts = ["", "a", "", "", "b", ""];
    expect(joinedSha(parts, ", ")).toBe(sha(parts.join(", ")));
  });
});
