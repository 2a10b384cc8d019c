import type { DiffLine } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import { changedTexts, diffStats, visibleLines } from "./diff-lines";

const eq = (text: string): DiffLine => ({ op: "equal", before: text, after: text });
const lines: DiffLine[] = [
  eq("Acme Kettle"),
  eq("1.7 litres"),
  eq("Free delivery"),
  {
    op: "change",
    before: "$24.99",
    after: "$19.99",
    words: [
      { op: "remove", text: "$24.99" },
      { op: "add", text: "$19.99" },
    ],
  },
  eq("In stock"),
  eq("Reviews"),
  eq("Footer"),
  { op: "add", after: "New: matching toaster" },
];

describe("visibleLines", () => {
  it("shows every line with its position when not folding", () => {
    const shown = visibleLines(lines, false);
    expect(shown).toHaveLength(lines.length);
    expect(shown.every((line, i) => line.op !== "fold" && line.index === i)).toBe(true);
  });

  it("keeps changed lines with one line of context and folds the rest", () => {
    const shown = visibleLines(lines, true);
    expect(shown.map((l) => (l.op === "fold" ? `fold ${l.count}` : l.index))).toEqual([
      "fold 2",
      2,
      3,
      4,
      "fold 1",
      6,
      7,
    ]);
  });

  it("folds an unchanged text into a single marker", () => {
    expect(visibleLines([eq("a"), eq("b")], true)).toEqual([{ op: "fold", count: 2, from: 0 }]);
  });
});

describe("diff summaries", () => {
  it("counts added, removed and changed lines", () => {
    expect(diffStats(lines)).toEqual({ added: 1, removed: 0, changed: 1 });
  });

  it("offers the changed lines' text as ignore rule candidates", () => {
    expect(changedTexts(lines)).toEqual(["$19.99", "New: matching toaster"]);
  });
});
