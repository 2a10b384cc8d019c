import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserPool, createBrowserPool, FetchError, fetchPage, type LookupFn } from "../../src/fetch";
import { type LoopbackServer, startLoopbackServer } from "./loopback-server";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** cdn.example is the test server itself; internal.example is a private address. */
const lookup: LookupFn = async (hostname) => {
  if (hostname === "cdn.example") return [{ address: "127.0.0.1", family: 4 }];
  if (hostname === "internal.example") return [{ address: "10.0.0.1", family: 4 }];
  throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
};

let site: LoopbackServer;
/** A reachable server on another loopback address that the guard must keep pages away from. */
let secret: LoopbackServer;
let secretHits = 0;
let onSlowRequest: (() => void) | null = null;
let onDocumentRequest: (() => Promise<void>) | null = null;
let beaconsInFlight = 0;
const userAgents: string[] = [];
let maxBeaconsInFlight = 0;

function html(body: string): string {
  return `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;
}

beforeAll(async () => {
  secret = await startLoopbackServer((_req, res) => {
    secretHits++;
    res.writeHead(200, { "access-control-allow-origin": "*" }).end("TOP SECRET");
  }, "127.0.0.2");
  site = await startLoopbackServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const page = (body: string) => res.writeHead(200, { "content-type": "text/html" }).end(html(body));
    switch (url.pathname) {
      case "/js":
        return page(`<div id="app">loading</div><script>
          document.getElementById("app").textContent = "Rendered by JavaScript: " + (6 * 7);
          fetch("/api").then((r) => r.json()).then((data) => document.body.insertAdjacentHTML("beforeend", "<p>" + data.price + "</p>"));
        </script>`);
      case "/api":
        userAgents.push(req.headers["user-agent"] ?? "");
        return res.writeHead(200, { "content-type": "application/json" }).end('{"price":"$19.99"}');
      case "/probe":
        return page(`<img src="http://169.254.169.254/latest/meta-data/">
          <img src="http://internal.example/logo.png">
          <img src="http://cdn.example:${site.port}/pixel.svg" id="cdn">
          <img src="/to-secret">
          <div id="out"></div><script>
          fetch("${secret.url}/data").then((r) => r.text()).then(
            (text) => { document.getElementById("out").textContent = "leaked " + text; },
            () => { document.getElementById("out").textContent = "secret fetch failed"; });
        </script>`);
      case "/to-secret":
        return res.writeHead(302, { location: `${secret.url}/redirected` }).end();
      case "/pixel.svg":
        return res
          .writeHead(200, { "content-type": "image/svg+xml" })
          .end(
            '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
          );
      case "/tall":
        return page('<div style="height: 30000px; background: linear-gradient(red, blue)">tall</div>');
      case "/browser-dies-first": {
        // The hook (killing Chromium, closing the pool) runs while the document is being fetched.
        const hook = onDocumentRequest ?? (async () => {});
        onDocumentRequest = null;
        void hook().then(() => page("<p>rendered after all</p>"));
        return;
      }
      case "/hangs":
        return page('<p>waiting</p><img src="/slow">');
      case "/slow":
        onSlowRequest?.();
        return; // never answered: the browser dies first
      case "/beacon":
        return page('<img src="/beacon-image">');
      case "/beacon-image":
        beaconsInFlight++;
        maxBeaconsInFlight = Math.max(maxBeaconsInFlight, beaconsInFlight);
        setTimeout(() => {
          beaconsInFlight--;
          res.writeHead(204).end();
        }, 300);
        return;
      case "/cached":
        if (req.headers["if-none-match"] === '"v7"') return res.writeHead(304, { etag: '"v7"' }).end();
        return res.writeHead(200, { "content-type": "text/html", etag: '"v7"' }).end(html("<p>cached</p>"));
      default:
        return res.writeHead(404, { "content-type": "text/html" }).end(html("missing"));
    }
  });
});

afterAll(async () => {
  await site?.close();
  await secret?.close();
});

function newPool(maxPages = 2): BrowserPool {
  return createBrowserPool({
    executablePath: "/usr/bin/chromium",
    allowedAddresses: ["127.0.0.1"],
    lookup,
    maxPages,
  });
}

/** The Chromium browser process this test worker launched (a direct child of this process). */
function launchedChromiumPid(): number {
  const children = execFileSync("pgrep", ["-P", String(process.pid)])
    .toString()
    .trim()
    .split("\n")
    .map(Number);
  const pid = children.find((child) => readFileSync(`/proc/${child}/cmdline`, "utf8").includes("chromium"));
  if (!pid) throw new Error("no Chromium child process found");
  return pid;
}

describe("browser rendering", () => {
  let pool: BrowserPool;
  beforeAll(() => {
    pool = newPool();
  });
  afterAll(() => pool.close());

  it("renders content written by JavaScript and takes a PNG screenshot", async () => {
    const page = await fetchPage({ url: `${site.url}/js`, render: true }, { browserPool: pool });
    expect(page.text).toContain("Rendered by JavaScript: 42");
    expect(page.text).toContain("<p>$19.99</p>");
    expect(page.contentType).toBe("text/html");
    const png = Buffer.from(page.screenshot!);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(png.readUInt32BE(16)).toBe(1280);
  });

  it("identifies as a regular Chrome plus ChangeRadar, not as HeadlessChrome", async () => {
    userAgents.length = 0;
    await pool.render({ url: `${site.url}/js` });
    expect(userAgents[0]).toMatch(/ Chrome\/[\d.]+ Safari\/537\.36 ChangeRadar\/1\.0/);
  });

  it("aborts every sub-request the SSRF guard refuses while the page itself loads", async () => {
    const page = await pool.render({ url: `${site.url}/probe` });
    expect(page.text).toContain("secret fetch failed");
    expect(page.text).not.toContain("TOP SECRET");
    expect(secretHits).toBe(0);
    expect(page.blockedRequests).toEqual(
      expect.arrayContaining([
        "http://169.254.169.254/latest/meta-data/",
        "http://internal.example/logo.png",
        `${site.url}/to-secret`,
        `${secret.url}/data`,
      ]),
    );
    expect(page.blockedRequests).not.toContain(`http://cdn.example:${site.port}/pixel.svg`);
  });

  it("caps the screenshot height of an endless page", async () => {
    const page = await pool.render({ url: `${site.url}/tall` });
    expect(Buffer.from(page.screenshot!).readUInt32BE(20)).toBe(8000);
  });

  it("answers a 304 without rendering", async () => {
    const page = await pool.render({ url: `${site.url}/cached`, etag: '"v7"' });
    expect(page).toMatchObject({ notModified: true, screenshot: null });
  });

  it("reports a missing page as an http_status error", async () => {
    const error = await pool.render({ url: `${site.url}/nope` }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "http_status", status: 404 });
  });

  it("times out a page whose load never finishes", async () => {
    const error = await pool
      .render({ url: `${site.url}/hangs` }, { totalTimeoutMs: 3_000 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "timeout" });
  });

  it("refuses to render without a browser pool", async () => {
    const error = await fetchPage({ url: `${site.url}/js`, render: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).code).toBe("browser");
  });
});

describe("browser pool", () => {
  it("never renders more pages at once than maxPages", async () => {
    const pool = newPool(1);
    try {
      maxBeaconsInFlight = 0;
      const pages = await Promise.all([1, 2, 3].map(() => pool.render({ url: `${site.url}/beacon` })));
      expect(pages.every((page) => page.status === 200)).toBe(true);
      expect(maxBeaconsInFlight).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it("reports a browser that cannot be started", async () => {
    const pool = createBrowserPool({
      executablePath: "/nonexistent/chromium",
      allowedAddresses: ["127.0.0.1"],
    });
    const error = await pool.render({ url: `${site.url}/js` }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "browser" });
    expect((error as FetchError).message).toMatch(/could not be started/);
    await pool.close();
  });

  it("renders on a relaunched browser when Chromium died before the render opened its page", async () => {
    const pool = newPool();
    try {
      await pool.render({ url: `${site.url}/js` });
      const first = launchedChromiumPid();
      onDocumentRequest = async () => {
        process.kill(first, "SIGKILL");
        while (
          existsSync(`/proc/${first}/stat`) &&
          !readFileSync(`/proc/${first}/stat`, "utf8").includes(") Z")
        )
          await new Promise((resolve) => setTimeout(resolve, 20));
        await new Promise((resolve) => setTimeout(resolve, 200));
      };
      const page = await pool.render({ url: `${site.url}/browser-dies-first` });
      expect(page.text).toContain("rendered after all");
      expect(launchedChromiumPid()).not.toBe(first);
    } finally {
      onDocumentRequest = null;
      await pool.close();
    }
  });

  it("fails a render with a clear error when the pool is closed while the document is fetched", async () => {
    const pool = newPool();
    await pool.render({ url: `${site.url}/js` });
    onDocumentRequest = async () => {
      await pool.close();
    };
    const error = await pool
      .render({ url: `${site.url}/browser-dies-first` })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({
      code: "browser",
      message: "The browser closed before it could render the page",
    });
  });

  it("fails the current render when Chromium dies and relaunches it for the next", async () => {
    const pool = newPool();
    try {
      await pool.render({ url: `${site.url}/js` });
      onSlowRequest = () => process.kill(launchedChromiumPid(), "SIGKILL");
      const error = await pool.render({ url: `${site.url}/hangs` }).catch((caught: unknown) => caught);
      onSlowRequest = null;
      expect(error).toBeInstanceOf(FetchError);
      expect((error as FetchError).code).toBe("browser");
      const next = await pool.render({ url: `${site.url}/js` });
      expect(next.text).toContain("Rendered by JavaScript: 42");
    } finally {
      await pool.close();
    }
  });
});
