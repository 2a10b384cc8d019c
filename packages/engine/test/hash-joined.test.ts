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

  it("keeps empty parts and a multi-character separator in place", () => {
    const parts = ["", "a", "", "", "b", ""];
    expect(joinedSha(parts, ", ")).toBe(sha(parts.join(", ")));
  });
});
