import { describe, expect, it } from "vitest";
import { learnNoise } from "../../src/compare/learned-noise";
import { countLineChanges, diffLines } from "../../src/compare/line-diff";
import { extractJson } from "../../src/extract/formats/json";
import { buildSnapshot } from "./build-snapshot";

/** Past ~100k arguments `push(...array)` overflows V8's stack; these sizes are what real pages reach. */
const MANY = 200_000;
const numbered = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix} ${i}`);
const side = (lines: string[]) => ({ lines, originals: lines });

describe("large arrays never go through a spread call", () => {
  it("diffs a page that lost 200,000 lines", () => {
    const before = ["head", ...numbered("row", MANY), "foot"];
    const entries = diffLines(side(before), side(["head", "foot"]));
    expect(countLineChanges(entries)).toEqual({ added: 0, removed: MANY });
    expect(entries[0]).toEqual({ op: "equal", before: "head", after: "head" });
  });

  it("learns noise from two fetches that differ in 200,000 lines", () => {
    const noise = learnNoise(
      buildSnapshot({ lines: numbered("a", MANY) }),
      buildSnapshot({ lines: numbered("b", MANY) }),
    );
    expect(noise.volatileLines).toContain("a 0");
  });

  it("prints a JSON array of 200,000 values line by line", () => {
    const text = JSON.stringify(Array.from({ length: MANY }, (_, i) => i));
    const snapshot = extractJson("https://example.test/a.json", text, undefined);
    expect(snapshot.lines).toContain("199999");
    expect(snapshot.lines.length).toBeGreaterThanOrEqual(MANY);
  });
});
