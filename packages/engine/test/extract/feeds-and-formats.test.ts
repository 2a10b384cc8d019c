import { describe, expect, it } from "vitest";
import { extractSnapshot, extractSnapshotSync } from "../../src/extract";
import { minimalPdf } from "./pdf-fixture";

const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Example news</title>
<item><title>First story</title><link>https://news.example.com/1</link><description>&lt;p&gt;Body &lt;b&gt;one&lt;/b&gt;&lt;/p&gt;</description></item>
<item><title><![CDATA[Second & story]]></title><link>/2</link><guid>urn:2</guid></item>
</channel></rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Example blog</title>
<entry><title>Release 2.0</title><link rel="alternate" href="https://blog.example.com/2.0"/><id>tag:2</id><summary>Big one</summary></entry>
<entry><title>Release 1.9</title><link href="https://blog.example.com/1.9"/><id>tag:1</id></entry>
</feed>`;

describe("feeds", () => {
  it("reads RSS 2.0 items with absolute links", () => {
    const s = extractSnapshotSync({
      url: "https://news.example.com/feed",
      contentType: "application/rss+xml",
      text: rss,
    });
    expect(s.format).toBe("feed");
    expect(s.title).toBe("Example news");
    expect(s.items).toEqual([
      { title: "First story", url: "https://news.example.com/1", key: "https://news.example.com/1" },
      { title: "Second & story", url: "https://news.example.com/2", key: "https://news.example.com/2" },
    ]);
    expect(s.lines).toContain("Body one");
  });

  it("reads Atom entries, detected from the root element when the type is generic XML", () => {
    const s = extractSnapshotSync({
      url: "https://blog.example.com/atom",
      contentType: "text/xml",
      text: atom,
    });
    expect(s.format).toBe("feed");
    expect(s.items.map((i) => [i.title, i.url])).toEqual([
      ["Release 2.0", "https://blog.example.com/2.0"],
      ["Release 1.9", "https://blog.example.com/1.9"],
    ]);
  });
});

describe("JSON", () => {
  it("prints stable lines whatever the key order", () => {
    const a = extractSnapshotSync({
      url: "https://api.example.com/x",
      contentType: "application/json",
      text: '{"b":1,"a":{"d":2,"c":3}}',
    });
    const b = extractSnapshotSync({
      url: "https://api.example.com/x",
      contentType: "application/json",
      text: '{"a":{"c":3,"d":2},"b":1}',
    });
    expect(a.lines).toEqual(b.lines);
    expect(a.format).toBe("json");
  });

  it("takes items from the main array of objects", () => {
    const text = JSON.stringify({
      total: 2,
      releases: [
        { name: "v2", html_url: "https://example.com/r/2" },
        { name: "v1", html_url: "https://example.com/r/1" },
      ],
    });
    const s = extractSnapshotSync({
      url: "https://api.example.com/releases",
      contentType: "application/json",
      text,
    });
    expect(s.items).toEqual([
      { title: "v2", url: "https://example.com/r/2", key: "https://example.com/r/2" },
      { title: "v1", url: "https://example.com/r/1", key: "https://example.com/r/1" },
    ]);
  });

  it("reads invalid JSON as text rather than failing", () => {
    const s = extractSnapshotSync({
      url: "https://api.example.com/x",
      contentType: "application/json",
      text: '{"a": 1,,',
    });
    expect(s.lines).toEqual(['{"a": 1,,']);
  });
});

describe("plain text and PDF", () => {
  it("keeps non-empty lines of plain text", () => {
    const s = extractSnapshotSync({
      url: "https://example.com/robots.txt",
      contentType: "text/plain",
      text: "User-agent: *\r\n\r\nDisallow:   /private\n",
    });
    expect(s.lines).toEqual(["User-agent: *", "Disallow: /private"]);
    expect(s.format).toBe("text");
  });

  it("extracts the text of a PDF", async () => {
    const bytes = minimalPdf(["Quarterly report", "Revenue 19.99 EUR"]);
    const s = await extractSnapshot({
      url: "https://example.com/r.pdf",
      contentType: "application/pdf",
      text: "",
      bytes,
    });
    expect(s.format).toBe("pdf");
    expect(s.lines.join(" ")).toContain("Quarterly report");
    expect(s.lines.join(" ")).toContain("Revenue 19.99 EUR");
  });

  it("gives an empty snapshot for a damaged PDF", async () => {
    const s = await extractSnapshot({
      url: "https://example.com/r.pdf",
      contentType: "application/pdf",
      text: "",
      bytes: new TextEncoder().encode("%PDF-1.4 garbage"),
    });
    expect(s.format).toBe("pdf");
    expect(s.lines).toEqual([]);
  });

  it("refuses a PDF in the synchronous extractor with a clear error", () => {
    expect(() =>
      extractSnapshotSync({ url: "https://example.com/r.pdf", contentType: "application/pdf", text: "" }),
    ).toThrow(/extractSnapshot\(\)/);
  });
});
