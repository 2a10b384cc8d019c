/**
 * Issue 10 §3 "Changes said right": facts that went back are alerted, one sensitivity scale tested at both
 * ends, item identity surviving a re-render, summaries naming every kind, masked pixel-diff highlights.
 */
import { defaultSensitivity, watchKinds } from "@changeradar/contracts";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { compareSnapshots, fingerprintSnapshot, pixelDiff } from "../../src/compare";
import { extractSnapshotSync } from "../../src/extract";
import type { Snapshot } from "../../src/snapshot";
import { buildSnapshot, item, png, usd } from "./build-snapshot";

const all = [...watchKinds];

/** The last three versions a monitor saw, as checks/ keeps them. */
function recent(versions: Snapshot[], watch: readonly (typeof watchKinds)[number][]): string[] {
  return versions.map((v) => fingerprintSnapshot(v, { watch }));
}

describe("facts that went back are changes, not flip-flops", () => {
  it("back in stock after a recent in-stock version is alerted", () => {
    const inStock = buildSnapshot({ availability: "in_stock" });
    const outOfStock = buildSnapshot({ availability: "out_of_stock" });
    for (const watch of [["stock"], all] as const) {
      const result = compareSnapshots(outOfStock, inStock, {
        watch,
        recentFingerprints: recent([inStock, outOfStock], watch),
      });
      expect(result).toMatchObject({ changed: true, alert: true, flipFlop: false, summary: "Back in stock" });
      expect(result.kinds).toContain("stock");
    }
  });

  it("a price returning to an earlier value is alerted", () => {
    const was = buildSnapshot({ price: usd(19.99) });
    const sale = buildSnapshot({ price: usd(14.99) });
    const result = compareSnapshots(sale, was, {
      watch: ["price", "text"],
      recentFingerprints: recent([was, sale], ["price", "text"]),
    });
    expect(result).toMatchObject({ changed: true, flipFlop: false, kinds: ["price"] });
    expect(result.summary).toBe("Price rose from $14.99 to $19.99 (+33%)");
  });

  it("a condition the user set that passes again is alerted", () => {
    const a = buildSnapshot({ lines: ["Kettle", "Tickets available"] });
    const b = buildSnapshot({ lines: ["Kettle", "No tickets"] });
    const result = compareSnapshots(b, a, {
      watch: ["text"],
      conditions: [{ type: "text_contains", text: "Tickets available" }],
      recentFingerprints: recent([a, b], ["text"]),
    });
    expect(result).toMatchObject({ changed: true, alert: true, flipFlop: false });
  });

  it("alternating noise in the text is still a flip-flop", () => {
    const a = buildSnapshot({ lines: ["Kettle", "Banner: summer sale"] });
    const b = buildSnapshot({ lines: ["Kettle", "Banner: free delivery"] });
    const result = compareSnapshots(b, a, { watch: ["text"], recentFingerprints: recent([a, b], ["text"]) });
    expect(result).toMatchObject({ changed: false, alert: false, flipFlop: true });
  });
});

describe("sensitivity: one scale, higher means fewer alerts", () => {
  const lines = Array.from({ length: 120 }, (_, i) => `Line ${i} of a long product description`);
  const a = buildSnapshot({ lines, availability: "in_stock", price: usd(100) });
  const oneWord = buildSnapshot({ ...a, lines: lines.map((l, i) => (i === 60 ? `${l} zebracorn` : l)) });
  const soldOut = buildSnapshot({ ...a, availability: "out_of_stock" });
  const smallPrice = buildSnapshot({ ...a, price: usd(99) });

  it("the default is the contracts' default and reports every visible change", () => {
    expect(defaultSensitivity).toBe(50);
    for (const next of [oneWord, soldOut, smallPrice]) {
      const byDefault = compareSnapshots(a, next, { watch: all });
      expect(byDefault.changed).toBe(true);
      expect(compareSnapshots(a, next, { watch: all, sensitivity: defaultSensitivity })).toEqual(byDefault);
    }
  });

  it("0 reports every change; 100 only the big ones (a stock flip), not a one-word edit or a 1% price move", () => {
    for (const next of [oneWord, soldOut, smallPrice])
      expect(compareSnapshots(a, next, { watch: all, sensitivity: 0 }).changed).toBe(true);
    expect(compareSnapshots(a, oneWord, { watch: all, sensitivity: 100 }).changed).toBe(false);
    expect(compareSnapshots(a, smallPrice, { watch: all, sensitivity: 100 }).changed).toBe(false);
    expect(compareSnapshots(a, soldOut, { watch: all, sensitivity: 100 }).kinds).toEqual(["stock"]);
  });

  it("the screenshot threshold follows the same direction", () => {
    const before = png(200, 200, () => [255, 255, 255]);
    // A word-sized change: 40 × 10 pixels of a 200 × 200 page (1%).
    const after = png(200, 200, (x, y) =>
      x >= 20 && x < 60 && y >= 20 && y < 30 ? [0, 0, 0] : [255, 255, 255],
    );
    const at = (sensitivity?: number) =>
      compareSnapshots(buildSnapshot(), buildSnapshot(), {
        watch: ["visual"],
        sensitivity,
        screenshots: { before, after },
      }).changed;
    expect(at(undefined)).toBe(true);
    expect(at(0)).toBe(true);
    expect(at(100)).toBe(false);
  });
});

describe("item identity survives a re-render", () => {
  const page = (titles: string[]) =>
    `<html><body><h1>Releases</h1><ul class="releases">${titles
      .map(
        (t) => `<li class="release"><a href="/releases/${t.toLowerCase().replace(/ /g, "-")}">${t}</a></li>`,
      )
      .join("")}</ul><p>Subscribe to hear about new releases.</p></body></html>`;
  const snap = (html: string) =>
    extractSnapshotSync({ url: "https://example.test/releases", contentType: "text/html", text: html });

  it("a list growing from 2 to 3 items is one new item, and the diff holds the one added", () => {
    const before = snap(page(["Version one", "Version two"]));
    const after = snap(page(["Version one", "Version two", "Version three"]));
    expect(after.items).toHaveLength(3);
    const result = compareSnapshots(before, after, { watch: ["new_content"] });
    expect(result.summary).toBe("1 new item: “Version three”");
    expect(result.diffs.items.added.map((i) => i.title)).toEqual(["Version three"]);
    expect(result.diffs.items.removed).toEqual([]);
  });

  it("an entry whose link changed on re-render is the same entry; a new entry sharing a title is new", () => {
    const a = buildSnapshot({ items: [item("Alpha", "https://x/a?v=1"), item("Beta", "https://x/b")] });
    const relinked = buildSnapshot({
      items: [item("Alpha", "https://x/a/alpha"), item("Beta", "https://x/b")],
    });
    expect(compareSnapshots(a, relinked, { watch: ["new_content"] }).changed).toBe(false);
    const twin = buildSnapshot({ items: [...a.items, item("Beta", "https://x/b2")] });
    expect(compareSnapshots(a, twin, { watch: ["new_content"] }).diffs.items.added).toHaveLength(1);
  });
});

describe("the summary names every kind that changed, most important first", () => {
  it("a new item and a text edit in the same check", () => {
    const a = buildSnapshot({
      lines: ["News", "One", "Two", "Opening hours 9 to 5"],
      items: [item("One", "https://x/1"), item("Two", "https://x/2")],
    });
    const b = buildSnapshot({
      lines: ["News", "One", "Two", "Three", "Opening hours 10 to 6"],
      items: [item("One", "https://x/1"), item("Two", "https://x/2"), item("Three", "https://x/3")],
    });
    const result = compareSnapshots(a, b, { watch: all });
    expect(result.kinds).toEqual(["new_content", "text"]);
    expect(result.summary).toBe("1 new item: “Three” · also text changed (+2 / −1 lines)");
  });

  it("stock before price before text", () => {
    const a = buildSnapshot({ availability: "in_stock", price: usd(10), lines: ["Kettle", "Ships today"] });
    const b = buildSnapshot({
      availability: "out_of_stock",
      price: usd(12),
      lines: ["Kettle", "Ships soon"],
    });
    expect(compareSnapshots(a, b, { watch: all }).summary).toBe(
      "Out of stock · also price rose from $10.00 to $12.00 (+20%), text changed (+1 / −1 lines)",
    );
  });
});

describe("the pixel-diff highlight masks the regions the noise filter ignores", () => {
  const before = png(100, 100, (x, y) => (x >= 60 && y < 20 ? [0, 0, 200] : [255, 255, 255]));
  // The ad slot (top right) rotated its creative; a real change sits bottom left.
  const after = png(100, 100, (x, y) =>
    x >= 60 && y < 20 ? [200, 0, 0] : x < 10 && y >= 90 ? [0, 0, 0] : [255, 255, 255],
  );
  const adSlot = { x: 60, y: 0, width: 40, height: 20 };

  it("the masked region is neither counted nor highlighted; the real change still is", () => {
    const unmasked = pixelDiff(before, after);
    expect(unmasked.changedPixels).toBe(800 + 100);
    const masked = pixelDiff(before, after, { mask: [adSlot] });
    expect(masked.changedPixels).toBe(100);
    const diff = PNG.sync.read(Buffer.from(masked.diffPng));
    const pixel = (x: number, y: number) => [...diff.data.subarray((y * 100 + x) * 4, (y * 100 + x) * 4 + 3)];
    expect(pixel(80, 10)).not.toEqual([255, 0, 0]);
    expect(pixel(5, 95)).toEqual([255, 0, 0]);
  });

  it("compareSnapshots passes the ignored regions to the pixel diff", () => {
    const onlyAd = png(100, 100, (x, y) => (x >= 60 && y < 20 ? [200, 0, 0] : [255, 255, 255]));
    const result = compareSnapshots(buildSnapshot(), buildSnapshot(), {
      watch: ["visual"],
      sensitivity: 0,
      screenshots: { before, after: onlyAd, ignoreRegions: [adSlot] },
    });
    expect(result.changed).toBe(false);
    expect(result.diffs.visual?.changedPixels).toBe(0);
  });

  it("odd regions (negative, past the edge, not finite) are clipped or dropped", () => {
    const result = pixelDiff(before, after, {
      mask: [
        { x: -50, y: -50, width: 20, height: 20 },
        { x: 90, y: 90, width: 500, height: 500 },
        { x: Number.NaN, y: 0, width: 10, height: 10 },
      ],
    });
    expect(result.changedPixels).toBe(800 + 100);
  });
});
