import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserPool, createBrowserPool, FetchError, fetchPage } from "../../src/fetch";
import { type LoopbackServer, startLoopbackServer } from "./loopback-server";

/** Small pages whose scripts make Chromium do unbounded work (issue 12: 1.78 GB for 275 s before). */
const pages: Record<string, string> = {
  // ~400 bytes: builds 300,000 elements holding 300 MB of text, then lets "load" fire.
  "/dom-bomb": `<!doctype html><title>b</title><body><script>
    const row = document.createElement("div"); row.className = "r"; row.textContent = "x".repeat(1000);
    const batch = document.createDocumentFragment();
    for (let i = 0; i < 1000; i++) batch.appendChild(row.cloneNode(true));
    for (let i = 0; i < 300; i++) document.body.appendChild(batch.cloneNode(true));
  </script></body>`,
  // Loads, then never gives its main thread back.
  "/spin": `<!doctype html><title>s</title><body>ok<script>
    addEventListener("load", () => setTimeout(() => { for (;;) {} }, 0));
  </script></body>`,
};

let site: LoopbackServer;
let pool: BrowserPool;
beforeAll(async () => {
  site = await startLoopbackServer((req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(pages[req.url ?? ""] ?? "<p>none</p>"),
  );
  pool = createBrowserPool({ executablePath: "/usr/bin/chromium", allowedAddresses: ["127.0.0.1"] });
  // Launch Chromium first: its start-up is not part of any page's deadline.
  await fetchPage({ url: `${site.url}/nothing`, render: true }, { browserPool: pool });
}, 60_000);
afterAll(async () => {
  await pool?.close();
  await site?.close();
});

const render = (path: string, totalTimeoutMs: number) =>
  fetchPage({ url: `${site.url}${path}`, render: true }, { browserPool: pool, totalTimeoutMs }).catch(
    (error: unknown) => error,
  );

describe("rendered pages run under caps", () => {
  it("a 400-byte page building 300,000 elements of 300 MB is a clear error, not a giant string in this process", async () => {
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    // A 10 s deadline: the page builds its elements for as long as it is let (30 s at the default deadline, a
    // full core of Chromium's that the other test files wanted), and what is tested is the same at 10.
    const error = await render("/dom-bomb", 10_000);
    const seconds = (performance.now() - started) / 1000;
    const grownMb = (process.memoryUsage().rss - rssBefore) / 1e6;
    console.log(`dom bomb: ${seconds.toFixed(1)} s, this process grew ${grownMb.toFixed(0)} MB`);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).message).toMatch(
      /more than 200,000 elements|did not finish rendering in time/,
    );
    expect(seconds).toBeLessThan(10 + 5);
    expect(grownMb).toBeLessThan(300);
  }, 60_000);

  it("a page that spins after load is stopped at the deadline and its context closed", async () => {
    const started = performance.now();
    const error = await render("/spin", 6_000);
    const seconds = (performance.now() - started) / 1000;
    console.log(`spinning page: stopped after ${seconds.toFixed(1)} s (deadline 6 s)`);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).code).toBe("timeout");
    expect(seconds).toBeLessThan(6 + 5);
    // The pool still renders: the stuck page did not keep its slot or the browser.
    const after = await render("/nothing", 20_000);
    expect(after).not.toBeInstanceOf(Error);
  }, 60_000);
});
