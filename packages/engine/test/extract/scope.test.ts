import { describe, expect, it } from "vitest";
import { extractSnapshotSync, parseScope } from "../../src/extract";
import type { Scope } from "../../src/snapshot";

const html = `<!doctype html><html><head><title>Shop</title></head><body>
<nav><a href="/a">Home</a></nav>
<div id="product"><h1>Desk lamp</h1><span class="price">$24.99</span><img src="/lamp.jpg"><p>In stock</p></div>
<div class="reviews"><p>Great lamp</p></div></body></html>`;
const extract = (scope: Scope) =>
  extractSnapshotSync(
    { url: "https://shop.example.com/lamp", contentType: "text/html", text: html },
    { scope },
  );

describe("parseScope", () => {
  it("tells the kinds apart by their first character", () => {
    expect(parseScope("#product .price")).toEqual({ kind: "css", selector: "#product .price" });
    expect(parseScope("//div[@id='product']")).toEqual({ kind: "xpath", expression: "//div[@id='product']" });
    expect(parseScope("(//p)[1]")).toEqual({ kind: "xpath", expression: "(//p)[1]" });
    expect(parseScope("$.items[*].name")).toEqual({ kind: "jsonpath", path: "$.items[*].name" });
  });

  it("refuses invalid selectors with a clear error", () => {
    expect(() => parseScope("div[")).toThrow(/Invalid CSS selector "div\["/);
    expect(() => parseScope("//div[")).toThrow(/Invalid XPath expression/);
    expect(() => parseScope("   ")).toThrow(/empty/);
  });
});

describe("scoped extraction", () => {
  it("limits text, price, availability and images to a CSS scope", () => {
    const s = extract({ kind: "css", selector: "#product" });
    expect(s.scopeMatched).toBe(true);
    expect(s.lines).toEqual(["Desk lamp", "$24.99", "In stock"]);
    expect(s.price).toMatchObject({ amount: 24.99, currency: "USD" });
    expect(s.availability).toBe("in_stock");
    expect(s.images).toEqual(["https://shop.example.com/lamp.jpg"]);
    expect(s.title).toBe("Shop");
  });

  it("evaluates XPath scopes", () => {
    const s = extract({ kind: "xpath", expression: "//div[@class='reviews']" });
    expect(s.lines).toEqual(["Great lamp"]);
    expect(s.price).toBeNull();
  });

  it("takes the element holding a selected attribute or text", () => {
    expect(extract({ kind: "xpath", expression: "//span[@class='price']/text()" }).lines).toEqual(["$24.99"]);
  });

  it("selects thousands of rows with XPath, in document order", () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `<tr><td>row ${i}</td></tr>`).join("");
    const text = `<html><body><table>${rows}</table></body></html>`;
    const s = extractSnapshotSync(
      { url: "https://example.com/t", contentType: "text/html", text },
      { scope: { kind: "xpath", expression: "//tr" } },
    );
    expect(s.lines.length).toBe(5000);
    expect(s.lines.slice(0, 3)).toEqual(["row 0", "row 1", "row 2"]);
    expect(s.lines[4999]).toBe("row 4999");
  });

  it("reports a scope that matches nothing", () => {
    const s = extract({ kind: "css", selector: ".missing" });
    expect(s.scopeMatched).toBe(false);
    expect(s.lines).toEqual([]);
    expect(s.price).toBeNull();
  });

  it("refuses an XPath that does not select elements", () => {
    expect(() => extract({ kind: "xpath", expression: "count(//p)" })).toThrow(/must select elements/);
  });

  it("applies JSONPath to JSON", () => {
    const text = JSON.stringify({
      store: {
        books: [
          { title: "A", price: 5 },
          { title: "B", price: 7 },
        ],
      },
      updated: "now",
    });
    const s = extractSnapshotSync(
      { url: "https://api.example.com/b", contentType: "application/json", text },
      { scope: { kind: "jsonpath", path: "$.store.books[*].title" } },
    );
    expect(s.scopeMatched).toBe(true);
    expect(s.lines).toEqual(['"A"', '"B"']);
    const none = extractSnapshotSync(
      { url: "https://api.example.com/b", contentType: "application/json", text },
      { scope: { kind: "jsonpath", path: "$.nothing" } },
    );
    expect(none.scopeMatched).toBe(false);
  });

  it("refuses a JSONPath on an HTML page", () => {
    expect(() => extract({ kind: "jsonpath", path: "$.x" })).toThrow(/JSONPath scope applies to JSON/);
  });
});
