import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";

const extract = (text: string, contentType = "text/html") =>
  extractSnapshotSync({ url: "https://example.com/x", contentType, text });

describe("bad pages give a sane snapshot", () => {
  it("refuses 10,000-deep nesting with a clear error (parse caps), never a stalled parse", () => {
    const depth = 10_000;
    const html = `<html><body>${"<div>".repeat(depth)}deep${"</div>".repeat(depth)}</body></html>`;
    expect(() => extract(html)).toThrow(/nests elements more than 1,000 deep/);
  });

  it("handles 1,000-deep nesting without overflowing the stack", () => {
    const depth = 990;
    const html = `<html><body>${"<div>".repeat(depth)}<span class="price">deep</span>${"</div>".repeat(depth)}<p>after</p></body></html>`;
    const s = extract(html);
    expect(s.lines).toEqual(["deep", "after"]);
    expect(s.structure.paths.length).toBeGreaterThan(0);
    expect(s.structure.paths.length).toBeLessThanOrEqual(2000);
    // XPath and CSS scopes on the same page work too.
    const scoped = extractSnapshotSync(
      { url: "https://example.com/x", contentType: "text/html", text: html },
      { scope: { kind: "xpath", expression: "//span" } },
    );
    expect(scoped.lines).toEqual(["deep"]);
    const css = extractSnapshotSync(
      { url: "https://example.com/x", contentType: "text/html", text: html },
      { scope: { kind: "css", selector: "p" } },
    );
    expect(css.lines).toEqual(["after"]);
    // Every one of the nested divs matches: the outermost one is the scope.
    for (const scope of [
      { kind: "css", selector: "div" },
      { kind: "xpath", expression: "//div" },
    ] as const) {
      const all = extractSnapshotSync(
        { url: "https://example.com/x", contentType: "text/html", text: html },
        { scope },
      );
      expect(all.lines, scope.kind).toEqual(["deep"]);
    }
  });

  it("handles JSON nested too deep to print", () => {
    const text = `${"[".repeat(100_000)}1${"]".repeat(100_000)}`;
    const s = extract(text, "application/json");
    expect(s.format).toBe("json");
    expect(s.lines).toEqual([text]);
  });

  it("reads megabyte-long numbers in price fields without choking on them", () => {
    const digits = "9".repeat(1_000_000);
    const ld = JSON.stringify({ "@type": "Product", offers: { "@type": "Offer", price: `x${digits}x` } });
    const html = `<html><head><meta property="og:price" content="${digits}"><script type="application/ld+json">${ld}</script></head>
      <body><h1>Item</h1><div class="price">${digits}</div><p>${digits} €</p><button>Add to cart</button></body></html>`;
    const s = extract(html);
    expect(s.lines[0]).toBe("Item");
    expect(s.price === null || Number.isFinite(s.price.amount)).toBe(true);
  });

  it("reads truncated HTML", () => {
    const s = extract("<html><head><title>Cut</title></head><body><h1>Hello</h1><p>Half a para");
    expect(s.title).toBe("Cut");
    expect(s.lines).toEqual(["Hello", "Half a para"]);
  });

  it("survives binary garbage served as HTML", () => {
    const bytes = new Uint8Array(64 * 1024);
    let seed = 7;
    for (let i = 0; i < bytes.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      bytes[i] = seed & 0xff;
    }
    const text = new TextDecoder("windows-1252").decode(bytes);
    const s = extractSnapshotSync({ url: "https://example.com/x", contentType: "text/html", text, bytes });
    expect(s.format).toBe("html");
    expect(Array.isArray(s.lines)).toBe(true);
    expect(s.structure.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("gives an empty snapshot for an empty body", () => {
    for (const type of ["text/html", "application/json", "text/plain", "application/rss+xml"]) {
      const s = extract("", type);
      expect(s.lines, type).toEqual([]);
      expect(s.price, type).toBeNull();
      expect(s.availability, type).toBe("unknown");
    }
  });

  it("survives broken JSON-LD and odd markup", () => {
    const html = `<html><head><script type="application/ld+json">{"@type": "Product", "offers": {</script>
      <base href="::not a url"></head><body><img src="javascript:alert(1)"><a href="http://[bad">x</a><h1>ok</h1></body></html>`;
    const s = extract(html);
    expect(s.lines).toContain("ok");
    expect(s.images).toEqual([]);
  });
});
