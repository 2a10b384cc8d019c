import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { countLineChanges, diffLines, onlyChanges } from "../../src/compare/line-diff";
import { pixelDiff } from "../../src/compare/pixel-diff";
import { diffAvailability, diffPrice } from "../../src/compare/price-diff";
import { diffItems } from "../../src/compare/set-diff";
import { item, png, usd } from "./build-snapshot";

const side = (lines: string[]) => ({ lines, originals: lines });

describe("line diff", () => {
  it("pairs replaced lines into changes with word-level detail", () => {
    const entries = diffLines(
      side(["Title", "The kettle boils fast", "Footer"]),
      side(["Title", "The kettle boils slowly", "New line", "Footer"]),
    );
    expect(entries.map((e) => e.op)).toEqual(["equal", "change", "add", "equal"]);
    const change = entries[1];
    expect(change.before).toBe("The kettle boils fast");
    expect(change.after).toBe("The kettle boils slowly");
    expect(change.words?.filter((w) => w.op !== "equal")).toEqual([
      { op: "remove", text: "fast" },
      { op: "add", text: "slowly" },
    ]);
    expect(onlyChanges(entries)).toHaveLength(2);
    expect(countLineChanges(entries)).toEqual({ added: 2, removed: 1 });
  });

  it("shows the original text while comparing the masked one", () => {
    const entries = diffLines(
      { lines: ["Updated ⟨ago⟩", "A"], originals: ["Updated 3 minutes ago", "A"] },
      { lines: ["Updated ⟨ago⟩", "B"], originals: ["Updated 5 minutes ago", "B"] },
    );
    expect(entries[0]).toEqual({
      op: "equal",
      before: "Updated 3 minutes ago",
      after: "Updated 5 minutes ago",
    });
    expect(entries[1].op).toBe("change");
  });

  it("a page rewritten past the edit bound falls back to removed-then-added between common ends", () => {
    const before = ["Header", ...Array.from({ length: 3000 }, (_, i) => `old line ${i}`), "Footer"];
    const after = ["Header", ...Array.from({ length: 3000 }, (_, i) => `new line ${i}`), "Footer"];
    const entries = diffLines(side(before), side(after));
    expect(entries[0]).toEqual({ op: "equal", before: "Header", after: "Header" });
    expect(entries.at(-1)).toEqual({ op: "equal", before: "Footer", after: "Footer" });
    expect(countLineChanges(entries)).toEqual({ added: 3000, removed: 3000 });
    // Blocks this large are not paired into word diffs.
    expect(entries.filter((e) => e.op === "change")).toHaveLength(0);
  });

  it("word detail of two very different long lines is bounded too", () => {
    const a = Array.from({ length: 2000 }, (_, i) => `a${i}`).join(" ");
    const b = Array.from({ length: 2000 }, (_, i) => `b${i}`).join(" ");
    const [entry] = diffLines(side([a]), side([b]));
    expect(entry.words).toEqual([
      { op: "remove", text: a },
      { op: "add", text: b },
    ]);
  });
});

describe("set, price and availability diffs", () => {
  it("items by key: re-ordering is not new", () => {
    const a = [item("A", "https://x/a"), item("B", "https://x/b")];
    const b = [item("B", "https://x/b"), item("C", "https://x/c"), item("A", "https://x/a")];
    expect(diffItems(a, b)).toEqual({ added: [item("C", "https://x/c")], removed: [] });
    expect(diffItems(b, a).removed).toEqual([item("C", "https://x/c")]);
  });

  it("price: before, after, absolute, percent; equal to the cent is no change", () => {
    expect(diffPrice(usd(24.99), usd(19.99))).toEqual({
      before: usd(24.99),
      after: usd(19.99),
      absolute: -5,
      percent: -20.01,
    });
    expect(diffPrice(usd(10), usd(10.000001))).toBeNull();
    expect(diffPrice(null, usd(5))?.percent).toBeNull();
    expect(diffPrice(usd(5), { ...usd(5)!, currency: "EUR" })?.absolute).toBeNull();
  });

  it("availability before/after", () => {
    expect(diffAvailability("out_of_stock", "in_stock")).toEqual({
      before: "out_of_stock",
      after: "in_stock",
    });
    expect(diffAvailability("in_stock", "in_stock")).toBeNull();
  });
});

describe("pixel diff", () => {
  const white = png(100, 100, () => [255, 255, 255]);

  it("identical screenshots differ by 0%", () => {
    const result = pixelDiff(white, white);
    expect(result.percent).toBe(0);
    expect(PNG.sync.read(Buffer.from(result.diffPng)).width).toBe(100);
  });

  it("a changed block is reported as its share of the page, with a diff image", () => {
    const withBlock = png(100, 100, (x, y) => (x < 10 && y < 10 ? [0, 0, 0] : [255, 255, 255]));
    const result = pixelDiff(white, withBlock);
    expect(result.percent).toBe(1);
    const diff = PNG.sync.read(Buffer.from(result.diffPng));
    expect([diff.data[0], diff.data[1], diff.data[2]]).toEqual([255, 0, 0]);
  });

  it("different sizes are padded; oversized images are cropped to the cap", () => {
    const taller = png(100, 200, (_x, y) => (y < 100 ? [255, 255, 255] : [0, 0, 0]));
    const result = pixelDiff(white, taller);
    expect(result.height).toBe(200);
    expect(result.percent).toBe(50);
    const capped = pixelDiff(white, taller, { maxHeight: 100 });
    expect(capped.percent).toBe(0);
  });

  it("refuses bytes that are not a PNG with a clear error", () => {
    expect(() => pixelDiff(new Uint8Array([1, 2, 3]), white)).toThrow(/before screenshot is not a valid PNG/);
  });
});
