import type { IncomingMessage } from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_USER_AGENT, httpFetch } from "../../src/fetch";
import { type LoopbackServer, startLoopbackServer } from "./loopback-server";

const loopback = { allowPrivateTargets: true };
const ETAG = '"v1-abc"';
const LAST_MODIFIED = "Sat, 21 Nov 2026 10:00:00 GMT";

async function readRequestBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const html = "<html><body><p>Hello, compressed world</p></body></html>";
    switch (url.pathname) {
      case "/echo": {
        const body = await readRequestBody(req);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ method: req.method, headers: req.headers, body }));
        return;
      }
      case "/cached":
        if (req.headers["if-none-match"] === ETAG || req.headers["if-modified-since"] === LAST_MODIFIED) {
          res.writeHead(304, { etag: ETAG }).end();
        } else {
          res.writeHead(200, { "content-type": "text/html", etag: ETAG, "last-modified": LAST_MODIFIED });
          res.end("<p>fresh</p>");
        }
        return;
      case "/gzip":
        res
          .writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
          .end(zlib.gzipSync(html));
        return;
      case "/deflate":
        res
          .writeHead(200, { "content-type": "text/html", "content-encoding": "deflate" })
          .end(zlib.deflateSync(html));
        return;
      case "/raw-deflate":
        res
          .writeHead(200, { "content-type": "text/html", "content-encoding": "deflate" })
          .end(zlib.deflateRawSync(html));
        return;
      case "/br":
        res
          .writeHead(200, { "content-type": "text/html", "content-encoding": "br" })
          .end(zlib.brotliCompressSync(html));
        return;
      case "/see-other":
        res.writeHead(303, { location: "/echo" }).end();
        return;
      case "/temporary":
        res.writeHead(307, { location: "/echo" }).end();
        return;
      case "/hop":
        res.writeHead(301, { location: `/hop2` }).end();
        return;
      case "/hop2":
        res.writeHead(302, { location: `/echo?final=1` }).end();
        return;
      case "/cross-origin":
        res.writeHead(302, { location: `http://localhost:${server.port}/echo` }).end();
        return;
      case "/no-type":
        res.writeHead(200).end('{"price": 12.5}');
        return;
      case "/pdf":
        res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.4 binary");
        return;
    }
    res.writeHead(404).end();
  });
});
afterAll(() => server.close());

async function echo(request: Parameters<typeof httpFetch>[0]) {
  const page = await httpFetch(request, loopback);
  return {
    page,
    echoed: JSON.parse(page.text) as { method: string; headers: Record<string, string>; body: string },
  };
}

describe("requests", () => {
  it("sends the default User-Agent and Accept headers", async () => {
    const { echoed } = await echo({ url: `${server.url}/echo` });
    expect(echoed.headers["user-agent"]).toBe(DEFAULT_USER_AGENT);
    expect(echoed.headers.accept).toContain("text/html");
    expect(echoed.headers["accept-encoding"]).toBe("gzip, deflate, br");
  });

  it("sends the configured method, headers, cookies and body", async () => {
    const { echoed } = await echo({
      url: `${server.url}/echo`,
      method: "post",
      headers: { "Content-Type": "application/json", "User-Agent": "Custom/2.0", "X-Api-Key": "k1" },
      cookies: "session=abc; region=eu",
      body: '{"q":"shoes"}',
    });
    expect(echoed).toMatchObject({ method: "POST", body: '{"q":"shoes"}' });
    expect(echoed.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "Custom/2.0",
      "x-api-key": "k1",
      cookie: "session=abc; region=eu",
    });
  });

  it("turns credentials in the URL into Basic authentication", async () => {
    const { page, echoed } = await echo({ url: `http://us%40er:p%3Aw@127.0.0.1:${server.port}/echo` });
    expect(echoed.headers.authorization).toBe(`Basic ${Buffer.from("us@er:p:w").toString("base64")}`);
    expect(page.finalUrl).toBe(`${server.url}/echo`);
  });
});

describe("conditional requests", () => {
  it("returns the validators of a fresh page", async () => {
    const page = await httpFetch({ url: `${server.url}/cached` }, loopback);
    expect(page).toMatchObject({ status: 200, notModified: false, etag: ETAG, lastModified: LAST_MODIFIED });
  });

  it("turns a 304 answer to If-None-Match into notModified", async () => {
    const page = await httpFetch({ url: `${server.url}/cached`, etag: ETAG }, loopback);
    expect(page).toMatchObject({ status: 304, notModified: true, text: "", etag: ETAG });
    expect(page.bytes.byteLength).toBe(0);
  });

  it("sends If-Modified-Since from the previous Last-Modified", async () => {
    const page = await httpFetch({ url: `${server.url}/cached`, lastModified: LAST_MODIFIED }, loopback);
    expect(page.notModified).toBe(true);
    expect(page.lastModified).toBe(LAST_MODIFIED);
  });

  it("fetches the page again when the validator no longer matches", async () => {
    const page = await httpFetch({ url: `${server.url}/cached`, etag: '"old"' }, loopback);
    expect(page).toMatchObject({ notModified: false, text: "<p>fresh</p>" });
  });
});

describe("compression", () => {
  it.each(["gzip", "deflate", "raw-deflate", "br"])("decodes %s bodies", async (path) => {
    const page = await httpFetch({ url: `${server.url}/${path}` }, loopback);
    expect(page.text).toBe("<html><body><p>Hello, compressed world</p></body></html>");
  });
});

describe("redirects", () => {
  it("follows a chain and reports every hop", async () => {
    const page = await httpFetch({ url: `${server.url}/hop` }, loopback);
    expect(page.redirects).toEqual([`${server.url}/hop2`, `${server.url}/echo?final=1`]);
    expect(page.finalUrl).toBe(`${server.url}/echo?final=1`);
    expect(page.url).toBe(`${server.url}/hop`);
  });

  it("turns a POST into a body-less GET on 303", async () => {
    const { echoed } = await echo({ url: `${server.url}/see-other`, method: "POST", body: "a=1" });
    expect(echoed).toMatchObject({ method: "GET", body: "" });
  });

  it("repeats method and body on 307", async () => {
    const { echoed } = await echo({ url: `${server.url}/temporary`, method: "POST", body: "a=1" });
    expect(echoed).toMatchObject({ method: "POST", body: "a=1" });
  });

  it("drops cookies when redirected to another origin", async () => {
    const { echoed } = await echo({ url: `${server.url}/cross-origin`, cookies: "session=secret" });
    expect(echoed.headers.cookie).toBeUndefined();
  });
});

describe("media types", () => {
  it("guesses a missing Content-Type from the body", async () => {
    const page = await httpFetch({ url: `${server.url}/no-type` }, loopback);
    expect(page.contentType).toBe("application/json");
    expect(page.text).toBe('{"price": 12.5}');
  });

  it("keeps binary formats as bytes without decoding them", async () => {
    const page = await httpFetch({ url: `${server.url}/pdf` }, loopback);
    expect(page.contentType).toBe("application/pdf");
    expect(page.text).toBe("");
    expect(Buffer.from(page.bytes).toString()).toBe("%PDF-1.4 binary");
  });
});
