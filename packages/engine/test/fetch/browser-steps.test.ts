import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BrowserPool,
  type BrowserStep,
  BrowserStepError,
  createBrowserPool,
  STEP_SCREENSHOT_MAX_HEIGHT,
  type StepReport,
} from "../../src/fetch";
import { type LoopbackServer, startLoopbackServer } from "./loopback-server";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PASSWORD = "s3cret-Pa55word!";

let site: LoopbackServer;
/** A reachable server on another loopback address that steps must never reach. */
let forbidden: LoopbackServer;
let forbiddenHits = 0;
let price = "$19.99";
const sessions = new Set<string>();
let pool: BrowserPool;

function html(body: string): string {
  return `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;
}

function unexpected(): never {
  throw new Error("the render should have failed");
}

function cookieOf(header: string | undefined, name: string): string | null {
  for (const pair of (header ?? "").split(";")) {
    const [key, value] = pair.trim().split("=");
    if (key === name) return value ?? null;
  }
  return null;
}

beforeAll(async () => {
  forbidden = await startLoopbackServer((_req, res) => {
    forbiddenHits++;
    res.writeHead(200, { "content-type": "text/html" }).end("<p>INTERNAL</p>");
  }, "127.0.0.2");
  site = await startLoopbackServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const page = (body: string) => res.writeHead(200, { "content-type": "text/html" }).end(html(body));
    switch (url.pathname) {
      case "/login":
        if (req.method === "POST") {
          let body = "";
          req.on("data", (chunk) => {
            body += chunk;
          });
          req.on("end", () => {
            const form = new URLSearchParams(body);
            if (form.get("user") !== "ada" || form.get("password") !== PASSWORD) {
              return page("<p>Wrong user name or password</p>");
            }
            const sid = `s${sessions.size + 1}`;
            sessions.add(sid);
            res.writeHead(303, { location: "/member", "set-cookie": `sid=${sid}; Path=/; HttpOnly` }).end();
          });
          return;
        }
        return page(`<form method="post" action="/login">
          <label>User <input name="user" id="user"></label>
          <label>Password <input type="password" name="password" id="password"></label>
          <select id="plan" name="plan"><option value="a">A</option><option value="b">B</option></select>
          <button type="submit" id="submit">Sign in</button></form>`);
      case "/member":
        if (!sessions.has(cookieOf(req.headers.cookie, "sid") ?? "")) {
          return res.writeHead(302, { location: "/login" }).end();
        }
        return page(`<h1>Members</h1><p class="price">Price: ${price}</p>`);
      case "/links":
        return page(`<a id="inside" href="${forbidden.url}/admin">admin</a>
          <p id="later" style="display:none">shown later</p>
          <script>setTimeout(() => { document.getElementById("later").style.display = "block"; }, 300);</script>`);
      case "/long":
        // Taller than the viewport (800 px), with the form's button at the bottom.
        return page(
          `<div style="height:${url.searchParams.get("height")}px">top</div><button id="end">End</button>`,
        );
      case "/banner":
        return page(`<div id="cookie-notice"><p>We use cookies.</p>
          <button onclick="this.parentNode.remove(); document.body.insertAdjacentHTML('beforeend', '<p>consent given</p>')">Alle akzeptieren</button>
          <button>Einstellungen</button></div><p>content</p>`);
      default:
        return res.writeHead(404, { "content-type": "text/html" }).end(html("missing"));
    }
  });
  pool = createBrowserPool({ executablePath: "/usr/bin/chromium", allowedAddresses: ["127.0.0.1"] });
});

afterAll(async () => {
  await pool?.close();
  await site?.close();
  await forbidden?.close();
});

const login: BrowserStep[] = [
  { kind: "type", selector: "#user", text: "ada" },
  { kind: "type", selector: "#password", text: PASSWORD, secret: true },
  { kind: "select", selector: "#plan", value: "b" },
  { kind: "click", selector: "#submit" },
  { kind: "wait_for_text", text: "Members" },
];

describe("browser steps", () => {
  it("signs in through a form and watches the page behind it, keeping the session cookie", async () => {
    const reports: StepReport[] = [];
    const page = await pool.render(
      { url: `${site.url}/login`, render: true, steps: login },
      { onStep: (report) => reports.push(report) },
    );
    expect(page.finalUrl).toBe(`${site.url}/member`);
    expect(page.text).toContain("Price: $19.99");
    expect(reports.map((r) => [r.number, r.kind, r.ok])).toEqual([
      [1, "type", true],
      [2, "type", true],
      [3, "select", true],
      [4, "click", true],
      [5, "wait_for_text", true],
    ]);
    expect([...reports[3]!.screenshot!.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(reports[3]!.url).toBe(`${site.url}/member`);
    const sid = page.cookies?.find((cookie) => cookie.name === "sid");
    expect(sid).toMatchObject({ httpOnly: true, domain: "127.0.0.1", path: "/" });

    // The next check loads the kept cookies: the member page opens without signing in again.
    price = "$17.49";
    const again = await pool.render({
      url: `${site.url}/member`,
      render: true,
      browserCookies: page.cookies,
    });
    expect(again.finalUrl).toBe(`${site.url}/member`);
    expect(again.text).toContain("Price: $17.49");
    // Without them the page sends the browser back to the form.
    const stranger = await pool.render({ url: `${site.url}/member`, render: true });
    expect(stranger.text).not.toContain("Price:");
  });

  it("fails with the step's number, kind, a clear reason and a screenshot, never the typed secret", async () => {
    const steps: BrowserStep[] = [
      { kind: "type", selector: "#password", text: PASSWORD, secret: true },
      { kind: "click", selector: "#no-such-button" },
    ];
    const error = await pool
      .render({ url: `${site.url}/login`, render: true, steps }, { totalTimeoutMs: 20_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrowserStepError);
    const failed = error as BrowserStepError;
    expect(failed.stepNumber).toBe(2);
    expect(failed.stepKind).toBe("click");
    expect(failed.message).toBe(
      'Step 2 (click "#no-such-button") failed: nothing on the page matched the selector in time',
    );
    expect([...failed.screenshot!.subarray(0, 8)]).toEqual(PNG_SIGNATURE);

    const wrongField = await pool
      .render({
        url: `${site.url}/login`,
        render: true,
        steps: [{ kind: "type", selector: "h1, form", text: PASSWORD, secret: true }],
      })
      .then(unexpected, (e: unknown) => e as BrowserStepError);
    expect(wrongField.message).toMatch(/^Step 1 \(type into "h1, form"\) failed: /);
    expect(wrongField.message).not.toContain(PASSWORD);
  });

  it("reports each step with a screenshot of the whole page, cut at a bounded height", async () => {
    for (const [height, expected] of [
      [2_000, (h: number) => h > 2_000 && h < 2_200],
      [50_000, (h: number) => h === STEP_SCREENSHOT_MAX_HEIGHT],
    ] as const) {
      const reports: StepReport[] = [];
      await pool.render(
        {
          url: `${site.url}/long?height=${height}`,
          render: true,
          steps: [{ kind: "click", selector: "#end" }],
        },
        { onStep: (report) => reports.push(report) },
      );
      const png = Buffer.from(reports[0]!.screenshot!);
      expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      // The PNG's header: width and height at bytes 16 and 20.
      expect(png.readUInt32BE(16)).toBe(1280);
      expect(png.readUInt32BE(20), `page ${height} px`).toSatisfy(expected);
    }
  });

  it("waits for an element to show, and accepts a cookie banner by its words", async () => {
    const waited = await pool.render({
      url: `${site.url}/links`,
      render: true,
      steps: [{ kind: "wait_for_selector", selector: "#later", timeoutMs: 5_000 }, { kind: "scroll" }],
    });
    expect(waited.text).toContain("shown later");
    const accepted = await pool.render({
      url: `${site.url}/banner`,
      render: true,
      steps: [{ kind: "accept_cookies" }],
    });
    expect(accepted.text).toContain("consent given");
    expect(accepted.text).not.toContain("We use cookies");
    // No banner on the page is not a failure: banners are often shown only once.
    const none = await pool.render({
      url: `${site.url}/links`,
      render: true,
      steps: [{ kind: "accept_cookies" }],
    });
    expect(none.text).toContain("admin");
  });

  it("refuses a step's 'go to' and a click that lead to a blocked address", async () => {
    forbiddenHits = 0;
    const goTo = await pool
      .render({
        url: `${site.url}/links`,
        render: true,
        steps: [{ kind: "goto", url: `${forbidden.url}/admin` }],
      })
      .then(unexpected, (e: unknown) => e as BrowserStepError);
    expect(goTo).toBeInstanceOf(BrowserStepError);
    expect(goTo.message).toMatch(/^Step 1 \(go to http:\/\/127\.0\.0\.2:\d+\/admin\) failed: .*refused/);

    const metadata = await pool
      .render({
        url: `${site.url}/links`,
        render: true,
        steps: [{ kind: "goto", url: "http://169.254.169.254/latest/meta-data/" }],
      })
      .then(unexpected, (e: unknown) => e as BrowserStepError);
    expect(metadata.message).toMatch(/^Step 1 \(go to .*\) failed: .*refused/);

    const click = await pool
      .render({ url: `${site.url}/links`, render: true, steps: [{ kind: "click", selector: "#inside" }] })
      .then(unexpected, (e: unknown) => e as BrowserStepError);
    expect(click).toBeInstanceOf(BrowserStepError);
    expect(click.message).toMatch(/^Step 1 \(click "#inside"\) failed: it led to an address that is refused/);

    const scheme = await pool
      .render({
        url: `${site.url}/links`,
        render: true,
        steps: [{ kind: "goto", url: "file:///etc/passwd" }],
      })
      .then(unexpected, (e: unknown) => e as BrowserStepError);
    expect(scheme.message).toMatch(/^Step 1 \(go to file:\/\/\/etc\/passwd\) failed: the address is refused/);
    expect(forbiddenHits).toBe(0);
  });

  it("bounds the whole run by the render's deadline", async () => {
    const started = Date.now();
    const error = await pool
      .render(
        {
          url: `${site.url}/links`,
          render: true,
          steps: [
            { kind: "wait_for_text", text: "never there", timeoutMs: 30_000 },
            { kind: "wait_for_text", text: "never there", timeoutMs: 30_000 },
          ],
        },
        { totalTimeoutMs: 3_000 },
      )
      .then(unexpected, (e: unknown) => e as Error);
    expect(error.message).toMatch(/in time|ran out of time/);
    expect(Date.now() - started).toBeLessThan(6_000);
  });
});
