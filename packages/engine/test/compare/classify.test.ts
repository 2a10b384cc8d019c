import { watchKinds } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import { compareSnapshots } from "../../src/compare/classify";
import { formatMoney } from "../../src/compare/summary";
import { buildSnapshot, item, png, usd } from "./build-snapshot";

const all = { watch: [...watchKinds] };

describe("summaries, exactly", () => {
  it("price drop and rise", () => {
    const a = buildSnapshot({ price: usd(24.99) });
    const b = buildSnapshot({ price: usd(19.99) });
    expect(compareSnapshots(a, b, all).summary).toBe("Price dropped from $24.99 to $19.99 (−20%)");
    expect(compareSnapshots(b, a, all).summary).toBe("Price rose from $19.99 to $24.99 (+25%)");
  });

  it("money is formatted by currency", () => {
    expect(formatMoney(1299, "EUR")).toBe("€1,299.00");
    expect(formatMoney(1280, "JPY")).toBe("¥1,280");
    expect(formatMoney(5, null)).toBe("5.00");
    expect(formatMoney(5, "XYZZ")).toBe("5.00 XYZZ");
  });

  it("stock", () => {
    const inStock = buildSnapshot({ availability: "in_stock" });
    const outOfStock = buildSnapshot({ availability: "out_of_stock" });
    expect(compareSnapshots(outOfStock, inStock, all).summary).toBe("Back in stock");
    expect(compareSnapshots(inStock, outOfStock, all).summary).toBe("Out of stock");
    expect(compareSnapshots(inStock, buildSnapshot({ availability: "preorder" }), all).summary).toBe(
      "Availability changed: in stock → pre-order",
    );
  });

  it("new items, and re-ordered or removed items are not new", () => {
    const a = buildSnapshot({ items: [item("Old", "https://x/old")] });
    const b = buildSnapshot({
      items: ["A", "B", "C", "Old"].map((t) => item(t, `https://x/${t.toLowerCase()}`)),
    });
    expect(compareSnapshots(a, b, all).summary).toBe("3 new items: “A”, “B”, “C”");
    const five = buildSnapshot({ items: ["A", "B", "C", "D", "E"].map((t) => item(t, `https://x/${t}`)) });
    expect(compareSnapshots(a, five, { watch: ["new_content"] }).summary).toBe(
      "5 new items: “A”, “B”, “C” and 2 more",
    );
    const reordered = buildSnapshot({ items: [...b.items].reverse() });
    expect(compareSnapshots(b, reordered, { watch: ["new_content"] }).changed).toBe(false);
    expect(compareSnapshots(b, a, { watch: ["new_content"] }).changed).toBe(false);
  });

  it("images, layout and text", () => {
    const a = buildSnapshot({ images: ["https://x/1.png", "https://x/2.png"] });
    const b = buildSnapshot({ images: ["https://x/3.png", "https://x/4.png"] });
    expect(compareSnapshots(a, b, all).summary).toBe("2 images changed");
    const layout = buildSnapshot({ structure: { hash: "h2", paths: ["html>body>h1", "html>body>div>p"] } });
    expect(compareSnapshots(buildSnapshot(), layout, all).summary).toBe("Page layout changed");
    const text = buildSnapshot({
      lines: ["Acme Kettle", "A fine kettle for coffee.", "Now", "with", "more"],
    });
    expect(compareSnapshots(buildSnapshot(), text, all).summary).toBe(
      "Text changed: +4 / −1 lines: “A fine kettle for coffee.”",
    );
  });

  it("layout by its hash: the paths are compared one by one only when the hash over all of them differs", () => {
    // A hash is taken over every path, so the same hash is the same paths; these paths are made up to show
    // which of the two is read.
    const samePaths = buildSnapshot({
      structure: { hash: "h1", paths: ["html>body>h1", "html>body>div>p"] },
    });
    expect(compareSnapshots(buildSnapshot(), samePaths, { watch: ["structure"] }).changed).toBe(false);
    const otherHash = buildSnapshot({
      structure: { hash: "h2", paths: ["html>body>h1", "html>body>div>p"] },
    });
    const result = compareSnapshots(buildSnapshot(), otherHash, { watch: ["structure"] });
    expect(result.changed).toBe(true);
    expect(result.diffs.structure).toEqual({ added: ["html>body>div>p"], removed: ["html>body>p"] });
  });
});

describe("compareSnapshots", () => {
  it("screenshots: a visual change past the sensitivity threshold", () => {
    const before = png(100, 100, () => [255, 255, 255]);
    const after = png(100, 100, (_x, y) => (y < 10 ? [200, 0, 0] : [255, 255, 255]));
    const result = compareSnapshots(buildSnapshot(), buildSnapshot(), {
      watch: ["visual"],
      screenshots: { before, after },
    });
    expect(result).toMatchObject({
      changed: true,
      kinds: ["visual"],
      summary: "Screenshot changed: 10% of the page differs",
    });
    expect(result.diffs.visual?.percent).toBe(10);
    const subtle = png(100, 100, (x, y) => (x === 0 && y === 0 ? [0, 0, 0] : [255, 255, 255]));
    const ignored = compareSnapshots(buildSnapshot(), buildSnapshot(), {
      watch: ["visual"],
      screenshots: { before, after: subtle },
    });
    expect(ignored.changed).toBe(false);
    expect(ignored.diffs.visual?.percent).toBe(0.01);
  });

  it("only watched kinds count", () => {
    const a = buildSnapshot({ price: usd(10), lines: ["Kettle $10"] });
    const b = buildSnapshot({ price: usd(12), lines: ["Kettle $12"] });
    const textOnly = compareSnapshots(a, b, { watch: ["stock"] });
    expect(textOnly).toMatchObject({
      changed: false,
      alert: false,
      kinds: [],
      significance: 0,
      summary: "No change",
    });
    const result = compareSnapshots(a, b, all);
    expect(result.kinds).toEqual(["price", "text"]);
    expect(result.alert).toBe(true);
    expect(result.significance).toBeGreaterThan(50);
  });

  it("noise alone is no change", () => {
    const a = buildSnapshot({
      lines: ["Kettle", "Updated 3 minutes ago", "1,204 views", "Rendered in 12:01:02"],
    });
    const b = buildSnapshot({
      lines: ["Kettle", "Updated 7 minutes ago", "1,377 views", "Rendered in 12:09:41"],
    });
    expect(compareSnapshots(a, b, all).changed).toBe(false);
  });

  it("identical snapshots give the same fingerprint and no change", () => {
    const result = compareSnapshots(buildSnapshot(), buildSnapshot(), all);
    expect(result.changed).toBe(false);
    expect(result.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it("sensitivity: higher means fewer alerts; a small edit passes the default, a large one passes 100", () => {
    const lines = Array.from({ length: 200 }, (_, i) => `Paragraph number ${i} of the article`);
    const a = buildSnapshot({ lines });
    const small = buildSnapshot({ lines: lines.map((l, i) => (i === 5 ? `${l}!` : l)) });
    expect(compareSnapshots(a, small, { watch: ["text"] }).changed).toBe(true);
    expect(compareSnapshots(a, small, { watch: ["text"], sensitivity: 0 }).changed).toBe(true);
    expect(compareSnapshots(a, small, { watch: ["text"], sensitivity: 100 }).changed).toBe(false);
    const large = buildSnapshot({ lines: lines.map((l, i) => (i < 80 ? `${l} (revised)` : l)) });
    expect(compareSnapshots(a, large, { watch: ["text"], sensitivity: 100 }).changed).toBe(true);
  });
});
