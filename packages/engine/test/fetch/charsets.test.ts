import { readFileSync } from "node:fs";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeText, httpFetch } from "../../src/fetch";
import { type LoopbackServer, startLoopbackServer } from "./loopback-server";

interface Served {
  contentType: string;
  body: Buffer;
}

const served = new Map<string, Served>();
let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    const page = served.get(req.url ?? "");
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": page.contentType }).end(page.body);
  });
});
afterAll(() => server.close());

async function serveAndFetch(path: string, page: Served) {
  served.set(path, page);
  return httpFetch({ url: `${server.url}${path}` }, { allowPrivateTargets: true });
}

const samples = [
  { charset: "windows-1252", text: "Café crème — 19,99 € “prix” naïve" },
  { charset: "Shift_JIS", text: "価格：１，２８０円（税込）在庫あり" },
  { charset: "GB18030", text: "价格：¥1280 有货 欢迎光临" },
  { charset: "ISO-8859-2", text: "Zażółć gęślą jaźń - cena 129 zł" },
  { charset: "windows-1256", text: "السعر 120 ريال متوفر" },
];

describe("charset declared in the Content-Type header", () => {
  it.each(samples)("decodes $charset", async ({ charset, text }) => {
    const html = `<html><body><p>${text}</p></body></html>`;
    const page = await serveAndFetch(`/header-${charset}`, {
      contentType: `text/html; charset=${charset}`,
      body: iconv.encode(html, charset),
    });
    expect(page.text).toBe(html);
    expect(page.contentType).toBe("text/html");
  });
});

describe("charset declared only in the markup", () => {
  it.each(samples)("decodes $charset from <meta charset>", async ({ charset, text }) => {
    const html = `<html><head><meta charset="${charset}"><title>t</title></head><body><p>${text}</p></body></html>`;
    const page = await serveAndFetch(`/meta-${charset}`, {
      contentType: "text/html",
      body: iconv.encode(html, charset),
    });
    expect(page.text).toBe(html);
  });

  it.each(samples)("decodes $charset from an http-equiv meta", async ({ charset, text }) => {
    const html = `<html><head><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=${charset}"></head><body>${text}</body></html>`;
    const page = await serveAndFetch(`/equiv-${charset}`, {
      contentType: "text/html",
      body: iconv.encode(html, charset),
    });
    expect(page.text).toBe(html);
  });

  it("decodes an RSS feed from its XML declaration", async () => {
    const xml = `<?xml version="1.0" encoding="ISO-8859-2"?><rss><channel><title>Wiadomości dnia</title></channel></rss>`;
    const page = await serveAndFetch("/feed", {
      contentType: "application/rss+xml",
      body: iconv.encode(xml, "iso-8859-2"),
    });
    expect(page.text).toBe(xml);
  });
});

describe("charset from a byte order mark", () => {
  it("reads a UTF-8 BOM and drops it", async () => {
    const html = "<p>Grüße aus Köln</p>";
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(html)]);
    const page = await serveAndFetch("/bom-utf8", { contentType: "text/html", body });
    expect(page.charset).toBe("utf-8");
    expect(page.text).toBe(html);
  });

  it("reads a UTF-16LE BOM even when the header claims another charset", async () => {
    const html = "<p>日本語のページ</p>";
    const body = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(html, "utf-16le")]);
    const page = await serveAndFetch("/bom-utf16", { contentType: "text/html; charset=iso-8859-1", body });
    expect(page.charset).toBe("utf-16le");
    expect(page.text).toBe(html);
  });
});

describe("labels and fallbacks", () => {
  it("treats iso-8859-1 as windows-1252, as browsers do", () => {
    const decoded = decodeText(
      iconv.encode("“quoted” – €5", "windows-1252"),
      "text/html; charset=ISO-8859-1",
    );
    expect(decoded.text).toBe("“quoted” – €5");
  });

  it("reads undeclared non-UTF-8 bytes as windows-1252", () => {
    const decoded = decodeText(iconv.encode("<p>Prix : 9,99 € — déjà vu</p>", "windows-1252"), "text/html");
    expect(decoded).toMatchObject({ charset: "windows-1252", text: "<p>Prix : 9,99 € — déjà vu</p>" });
  });

  it("reads undeclared valid UTF-8 as UTF-8", () => {
    expect(decodeText(Buffer.from("<p>Straße 東京</p>"), null)).toMatchObject({
      charset: "utf-8",
      text: "<p>Straße 東京</p>",
    });
  });

  it("ignores a UTF-16 meta declaration inside ASCII-compatible bytes", () => {
    const decoded = decodeText(Buffer.from('<meta charset="utf-16"><p>naïve</p>'), "text/html");
    expect(decoded).toMatchObject({ charset: "utf-8", text: '<meta charset="utf-16"><p>naïve</p>' });
  });
});

describe("a real corpus page with a legacy charset", () => {
  const file = "/work/shared/corpus/article/computerbild.de__d60caba9d12c467b9708ec8981cad8aa.html";

  it("decodes computerbild.de, declared windows-1252 in a meta tag", async () => {
    const page = await serveAndFetch("/computerbild", { contentType: "text/html", body: readFileSync(file) });
    expect(page.charset).toBe("windows-1252");
    expect(page.text).toContain("Bundesliga: Dortmund - Mönchengladbach live sehen!");
    expect(page.text).toContain("Tabellenführer");
    expect(page.text).not.toContain("\uFFFD");
  });
});
