import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FetchError, httpFetch } from "../../src/fetch";
import { type LoopbackServer, startLoopbackServer } from "./loopback-server";

const loopback = { allowPrivateTargets: true };
const MB = 1024 * 1024;

/** Writes `total` bytes of zeros in 1 MB chunks, respecting back-pressure and stopping when the peer goes. */
async function writeZeros(
  sink: NodeJS.WritableStream & { destroyed?: boolean },
  total: number,
): Promise<void> {
  const chunk = Buffer.alloc(MB);
  for (let written = 0; written < total && !sink.destroyed; written += MB) {
    if (!sink.write(chunk)) {
      await new Promise<void>((resolve) => {
        const resume = () => {
          sink.off("drain", resume);
          sink.off("close", resume);
          resolve();
        };
        sink.once("drain", resume);
        sink.once("close", resume);
      });
    }
  }
  sink.end();
}

function compressedBomb(res: ServerResponse, encoding: "gzip" | "br"): void {
  res.writeHead(200, { "content-type": "text/html", "content-encoding": encoding });
  const compressor =
    encoding === "gzip"
      ? zlib.createGzip({ level: 1 })
      : zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
  compressor.pipe(res);
  res.on("close", () => compressor.destroy());
  void writeZeros(compressor, 1024 * MB);
}

let server: LoopbackServer;
let dripTimer: NodeJS.Timeout | undefined;

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/huge-declared") {
      res.writeHead(200, { "content-type": "text/html", "content-length": String(50 * MB) });
      void writeZeros(res, 50 * MB);
    } else if (path === "/huge-chunked") {
      res.writeHead(200, { "content-type": "text/html" });
      void writeZeros(res, 50 * MB);
    } else if (path === "/gzip-bomb") {
      compressedBomb(res, "gzip");
    } else if (path === "/brotli-bomb") {
      compressedBomb(res, "br");
    } else if (path === "/binary") {
      res.writeHead(200, { "content-type": "text/html" }).end(randomBytes(64 * 1024));
    } else if (path === "/bad-charset") {
      res.writeHead(200, { "content-type": "text/html; charset=x-no-such-charset-42" }).end("<p>Grüße</p>");
    } else if (path === "/drip") {
      res.writeHead(200, { "content-type": "text/html" });
      dripTimer = setInterval(() => res.write("."), 1_000);
      res.on("close", () => clearInterval(dripTimer));
    } else if (path.startsWith("/loop/")) {
      const n = Number(path.split("/")[2]);
      res.writeHead(302, { location: `/loop/${n + 1}` }).end();
    } else if (path === "/gone") {
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not here</h1>");
    } else if (path === "/broken") {
      res.writeHead(500).end("boom");
    } else if (path === "/truncated-gzip") {
      const full = zlib.gzipSync(`<p>${"hello world ".repeat(2000)}</p>`);
      res
        .writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
        .end(full.subarray(0, full.length - 40));
    } else if (path === "/unknown-encoding") {
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "zstd" }).end("xx");
    } else if (path === "/not-gzip") {
      res
        .writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
        .end("plain text, not gzip");
    } else if (path === "/truncated-html") {
      res.writeHead(200, { "content-type": "text/html" }).end("<html><body><div><p>cut off mid-ta");
    }
  });
});

afterAll(async () => {
  clearInterval(dripTimer);
  await server.close();
});

async function fetchError(
  path: string,
  options: Parameters<typeof httpFetch>[1] = loopback,
): Promise<FetchError> {
  const error = await httpFetch({ url: `${server.url}${path}` }, options).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

/** Runs `work` while sampling RSS; returns the largest growth seen over the starting RSS. */
async function peakRssGrowth(work: () => Promise<unknown>): Promise<number> {
  globalThis.gc?.();
  const start = process.memoryUsage.rss();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage.rss()) - start;
}

describe("oversized bodies", () => {
  it("refuses a declared 50 MB body from its Content-Length", async () => {
    const error = await fetchError("/huge-declared");
    expect(error.code).toBe("too_large");
    expect(error.message).toMatch(/50 MB.*10 MB/);
  });

  it("stops reading a chunked 50 MB body at the 10 MB cap", async () => {
    const error = await fetchError("/huge-chunked");
    expect(error.code).toBe("too_large");
  });

  it.each(["gzip-bomb", "brotli-bomb"])("stops a %s (1 GB of zeros) with bounded memory", async (path) => {
    let error: FetchError | undefined;
    const growth = await peakRssGrowth(async () => {
      error = await fetchError(`/${path}`);
    });
    console.info(`${path}: RSS growth ${(growth / MB).toFixed(1)} MB`);
    expect(error?.code).toBe("too_large");
    expect(error?.message).toMatch(/decompressed/);
    expect(growth).toBeLessThan(100 * MB);
  });
});

describe("malformed responses", () => {
  it("decodes a page with an unknown charset name as UTF-8", async () => {
    const page = await httpFetch({ url: `${server.url}/bad-charset` }, loopback);
    expect(page.charset).toBe("utf-8");
    expect(page.text).toBe("<p>Grüße</p>");
  });

  it("returns binary served as text/html as a page without crashing", async () => {
    const page = await httpFetch({ url: `${server.url}/binary` }, loopback);
    expect(page.status).toBe(200);
    expect(page.bytes.byteLength).toBe(64 * 1024);
    expect(typeof page.text).toBe("string");
  });

  it("keeps what arrived of a truncated gzip body", async () => {
    const page = await httpFetch({ url: `${server.url}/truncated-gzip` }, loopback);
    expect(page.text).toMatch(/^<p>(hello world )+/);
  });

  it("returns truncated HTML as it is", async () => {
    const page = await httpFetch({ url: `${server.url}/truncated-html` }, loopback);
    expect(page.text).toContain("cut off mid-ta");
  });

  it("reports a body that is not the gzip it claims to be", async () => {
    expect((await fetchError("/not-gzip")).code).toBe("decode");
  });

  it("reports an unsupported content encoding", async () => {
    const error = await fetchError("/unknown-encoding");
    expect(error.code).toBe("decode");
    expect(error.message).toContain("zstd");
  });
});

describe("network failures", () => {
  it("times out a server that drips one byte per second", async () => {
    const error = await fetchError("/drip", { ...loopback, totalTimeoutMs: 1_500 });
    expect(error.code).toBe("timeout");
  });

  it("gives up on never-ending redirects", async () => {
    const error = await fetchError("/loop/0");
    expect(error.code).toBe("too_many_redirects");
    expect(error.message).toContain("5");
  });

  it("reports a refused connection", async () => {
    const closed = await startLoopbackServer(() => {});
    await closed.close();
    const error = await httpFetch({ url: closed.url }, loopback).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).code).toBe("connect");
    expect((error as FetchError).message).toContain("refused");
  });

  it.each([
    ["/gone", 404, /404 Not Found.*does not exist/],
    ["/broken", 500, /500 Internal Server Error/],
  ])("turns %s into an http_status error", async (path, status, message) => {
    const error = await fetchError(path);
    expect(error.code).toBe("http_status");
    expect(error.status).toBe(status);
    expect(error.message).toMatch(message);
  });

  it("reports a certificate the client cannot trust as a TLS error", async () => {
    const dir = mkdtempSync(join(tmpdir(), "changeradar-tls-"));
    const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"].concat([
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
      ]),
      { stdio: "ignore" },
    );
    const tlsServer = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) =>
      res.end("hi"),
    );
    await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = tlsServer.address() as AddressInfo;
      const error = await httpFetch({ url: `https://127.0.0.1:${port}/` }, loopback).catch(
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ code: "tls" });
      expect((error as FetchError).message).toMatch(/secure connection.*self-signed/);
    } finally {
      tlsServer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a malformed URL", async () => {
    const error = await httpFetch({ url: "http://exa mple.com/" }).catch((caught: unknown) => caught);
    expect((error as FetchError).code).toBe("invalid_url");
  });
});
