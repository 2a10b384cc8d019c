import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract/extract-snapshot";
import { PageTooComplexError } from "../../src/extract/html/parse-capped";

const html = (body: string) => ({
  url: "https://example.test/",
  contentType: "text/html",
  text: `<html><head><title>Deep</title></head><body>${body}</body></html>`,
});

describe("parse caps (htmlparser2's tag stack costs depth² without them)", () => {
  it("refuses a page nested 5,000 elements deep with a clear error", () => {
    const deep = `${"<div>".repeat(5000)}x${"</div>".repeat(5000)}`;
    expect(() => extractSnapshotSync(html(deep))).toThrow(PageTooComplexError);
    expect(() => extractSnapshotSync(html(deep))).toThrow(/nests elements more than 1,000 deep/);
  });

  it("refuses a page of 250,000 elements", () => {
    expect(() => extractSnapshotSync(html("<i>a</i>".repeat(250_000)))).toThrow(/more than 200,000 elements/);
  });

  it("refuses a deep feed the same way", () => {
    const feed = {
      url: "https://example.test/feed",
      contentType: "application/rss+xml",
      text: `<?xml version="1.0"?><rss><channel><title>F</title>${"<x>".repeat(5000)}</channel></rss>`,
    };
    expect(() => extractSnapshotSync(feed)).toThrow(PageTooComplexError);
  });

  it("reads a page 900 deep and a page of 150,000 elements as usual", () => {
    const deep = `${"<div>".repeat(900)}<p>Deep text</p>${"</div>".repeat(900)}`;
    expect(extractSnapshotSync(html(deep)).lines).toContain("Deep text");
    const wide = extractSnapshotSync(html(`${"<i>a</i> ".repeat(150_000)}<p>End</p>`));
    expect(wide.title).toBe("Deep");
    expect(wide.lines.at(-1)).toBe("End");
  });

  it("closes implied elements as browsers do, so 5,000 unclosed <li> or <p> are not depth", () => {
    const list = `<ul>${"<li>item".repeat(5000)}</ul>${"<p>para".repeat(5000)}`;
    expect(extractSnapshotSync(html(list)).lines.length).toBeGreaterThan(1);
  });
});
