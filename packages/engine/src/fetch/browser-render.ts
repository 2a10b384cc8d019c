import { performance } from "node:perf_hooks";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { MAX_ELEMENTS } from "../extract/html/parse-capped";
import { formatBytes } from "./body";
import { createGuardedRouting, type GuardedRouting } from "./browser-route";
import { runSteps, type StepReport } from "./browser-steps";
import { httpStatusError } from "./errors";
import {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_TOTAL_TIMEOUT_MS,
  type ExchangeOptions,
  exchange,
  type HttpExchange,
} from "./http-exchange";
import { DEFAULT_USER_AGENT, pageFromExchange, requestHeaders } from "./http-fetch";
import { type BrowserCookie, FetchError, type FetchedPage, type FetchRequest } from "./types";

const VIEWPORT = { width: 1280, height: 800 };
/** Screenshots of endless pages are cut here; the pixel diff does not need more. */
export const MAX_SCREENSHOT_HEIGHT = 8_000;
/** After "load", wait at most this long for the network to go quiet. */
const SETTLE_MS = 5_000;

/** With browser steps the whole render (page, steps, snapshot) may take this long by default. */
export const STEPS_TOTAL_TIMEOUT_MS = 60_000;
/** Cookies kept per monitor: at most this many (the rest are dropped, newest kept). */
export const MAX_KEPT_COOKIES = 100;

/**
 * A rendered page; `blockedRequests` lists sub-requests the SSRF guard refused. `cookies` is the browser's
 * cookie jar at the end, when the page was rendered with steps or kept cookies (to keep for the next check).
 */
export type RenderedPage = FetchedPage & { blockedRequests: string[] };

export interface RenderOptions extends ExchangeOptions {
  /** Each browser step's outcome with a screenshot (the editor's "Run steps"). */
  onStep?: (report: StepReport) => void;
  /** A script run in the finished page (after its steps, before the screenshot); see PageProbe. */
  probe?: PageProbe;
}

/**
 * The editor's screenshot picker measures the rendered page's elements: `script` is a JavaScript expression
 * evaluated in the page, and its (JSON-serialisable) value is handed to `onResult`. The value comes from a
 * hostile page's world: treat it as untrusted input.
 */
export interface PageProbe {
  script: string;
  onResult: (value: unknown) => void;
}

/**
 * Chromium had closed or crashed before this render opened its page (between two checks, or while the
 * document was being fetched): nothing of the page ran, so a new browser may simply try again.
 */
export class BrowserGoneError extends FetchError {
  constructor() {
    super("browser", "The browser closed before it could render the page");
  }
}

/**
 * Renders one page in a fresh context: the document is fetched by the guarded HTTP client (so 304s,
 * errors and size caps behave as for plain fetches), then Chromium renders it with every sub-request
 * routed through the guard, waits for the page to settle, and takes a full-page screenshot.
 *
 * A page's scripts are hostile like its URL: the deadline is enforced by closing the context (which kills
 * the page's renderer, whatever it is doing), and the rendered DOM is measured inside Chromium before it is
 * copied here, so a page that builds millions of elements is a clear error, not gigabytes in this process.
 */
export async function renderPage(
  browser: Browser,
  req: FetchRequest,
  options: RenderOptions,
): Promise<RenderedPage> {
  const started = performance.now();
  // With steps or kept cookies the browser loads the document itself, so its cookie jar takes part.
  const interactive = (req.steps?.length ?? 0) > 0 || (req.browserCookies?.length ?? 0) > 0;
  const totalTimeoutMs =
    options.totalTimeoutMs ?? (interactive ? STEPS_TOTAL_TIMEOUT_MS : DEFAULT_TOTAL_TIMEOUT_MS);
  const deadline = AbortSignal.timeout(totalTimeoutMs);
  // Ends the sub-requests still in flight when the render is over, whatever the outcome.
  const finished = new AbortController();
  const signal = AbortSignal.any([deadline, finished.signal, ...(options.signal ? [options.signal] : [])]);
  const remaining = () => Math.max(1, totalTimeoutMs - (performance.now() - started));

  const headers = requestHeaders(req);
  // The document and the page's own requests carry the same, browser-like identity.
  const userAgent = hasHeader(req, "user-agent") ? headers["user-agent"]! : browserUserAgent(browser);
  headers["user-agent"] = userAgent;
  let document: HttpExchange | null = null;
  let httpPage: FetchedPage | null = null;
  if (!interactive) {
    document = await exchange(
      { url: req.url, method: req.method ?? "GET", headers, body: req.body },
      { ...options, signal },
    );
    if (document.status >= 400) throw httpStatusError(document.status);
    httpPage = pageFromExchange(req, document, started);
    if (httpPage.notModified || !isRenderable(httpPage.contentType))
      return { ...httpPage, blockedRequests: [] };
  }

  const routing = createGuardedRouting(document, { ...options, signal, totalTimeoutMs });
  const context = await browser
    .newContext({ viewport: VIEWPORT, userAgent, serviceWorkers: "block", acceptDownloads: false })
    .catch((error: unknown) => {
      throw browser.isConnected() ? renderError(error, browser, false) : new BrowserGoneError();
    });
  // The hard deadline: the render gives up at once, and closing the context ends the page's renderer
  // (whatever its scripts are doing) in the background.
  let expire = () => {};
  const stop = new Promise<never>((_resolve, reject) => {
    expire = () => {
      void context.close().catch(() => {});
      reject(new FetchError("timeout", "The page did not finish rendering in time"));
    };
    if (deadline.aborted) expire();
    else deadline.addEventListener("abort", expire, { once: true });
  });
  stop.catch(() => {});
  try {
    await context.route("**/*", routing.handle);
    // Chromium could not connect a WebSocket without bypassing the guard, so none are opened.
    await context.routeWebSocket(/.*/, (socket) =>
      socket.close({ code: 1008, reason: "Blocked by ChangeRadar" }),
    );
    if (req.cookies) await context.addCookies(parseCookies(req.cookies, document?.finalUrl ?? req.url));
    if (req.browserCookies?.length) await context.addCookies(req.browserCookies);
    const rendering = document
      ? renderInContext(context, document.finalUrl, remaining, options)
      : renderWithSteps(context, req, routing, remaining, options);
    return await Promise.race([stop, rendering]).then(async (rendered) => ({
      ...(httpPage ?? interactivePage(req, rendered)),
      ...rendered,
      blockedRequests: routing.blocked,
      ...(interactive ? { cookies: keptCookies(await context.cookies()) } : {}),
      durationMs: Math.round(performance.now() - started),
    }));
  } catch (error) {
    throw renderError(error, browser, deadline.aborted || isPlaywrightTimeout(error));
  } finally {
    deadline.removeEventListener("abort", expire);
    finished.abort();
    // Past the deadline the close is already under way; waiting for a busy renderer would overrun it.
    if (!deadline.aborted) await context.close().catch(() => {});
  }
}

type Rendered = Pick<
  RenderedPage,
  "finalUrl" | "contentType" | "charset" | "text" | "bytes" | "screenshot"
> & {
  status?: number;
};

/** Loads the page, lets it settle, measures it, then copies its HTML and a screenshot over. */
async function renderInContext(
  context: BrowserContext,
  url: string,
  remaining: () => number,
  options: RenderOptions,
): Promise<Rendered> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load", timeout: remaining() });
  await page.waitForLoadState("networkidle", { timeout: Math.min(SETTLE_MS, remaining()) }).catch(() => {});
  return copyPage(page, remaining, options);
}

/**
 * The browser loads the monitor's address itself (through the guard), the steps run in order, and the page
 * they end on is the one watched.
 */
async function renderWithSteps(
  context: BrowserContext,
  req: FetchRequest,
  routing: GuardedRouting,
  remaining: () => number,
  options: RenderOptions,
): Promise<Rendered> {
  const page = await context.newPage();
  let response: Awaited<ReturnType<Page["goto"]>>;
  try {
    response = await page.goto(req.url, { waitUntil: "load", timeout: remaining() });
  } catch (error) {
    if (routing.blockedNavigations.length > 0)
      throw new FetchError("blocked", `The address is refused (private or local network): ${req.url}`);
    throw error;
  }
  if (response && response.status() >= 400) throw httpStatusError(response.status());
  await page.waitForLoadState("networkidle", { timeout: Math.min(SETTLE_MS, remaining()) }).catch(() => {});
  await runSteps(page, req.steps ?? [], {
    remaining,
    blockedNavigations: () => routing.blockedNavigations,
    landedAt: routing.landedAt,
    report: options.onStep,
  });
  const copied = await copyPage(page, remaining, options);
  return { ...copied, finalUrl: routing.landedAt(copied.finalUrl), status: response?.status() ?? 200 };
}

/** What an interactive render knows of the HTTP side: no validators (every check reads the page). */
function interactivePage(req: FetchRequest, rendered: Rendered): FetchedPage {
  return {
    url: req.url,
    finalUrl: rendered.finalUrl,
    redirects: [],
    status: rendered.status ?? 200,
    notModified: false,
    contentType: rendered.contentType,
    charset: rendered.charset,
    text: rendered.text,
    bytes: rendered.bytes,
    etag: null,
    lastModified: null,
    screenshot: rendered.screenshot,
    durationMs: 0,
  };
}

/** The cookie jar kept for the next check: bounded, and only cookies that have not expired. */
function keptCookies(cookies: BrowserCookie[]): BrowserCookie[] {
  const now = Date.now() / 1000;
  return cookies.filter((cookie) => cookie.expires === -1 || cookie.expires > now).slice(-MAX_KEPT_COOKIES);
}

async function copyPage(page: Page, remaining: () => number, options: RenderOptions): Promise<Rendered> {
  await assertRenderedSize(page, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  if (options.probe) options.probe.onResult(await page.evaluate(options.probe.script));
  const text = await page.content();
  const screenshot = await fullPageScreenshot(page, remaining());
  return {
    finalUrl: page.url(),
    contentType: "text/html",
    charset: "utf-8",
    text,
    bytes: Buffer.from(text),
    screenshot,
  };
}

/** Measures the rendered DOM inside Chromium (only two numbers cross over) and refuses one past the caps. */
async function assertRenderedSize(page: Page, maxChars: number): Promise<void> {
  const size = await page.evaluate((maxElements) => {
    const elements = document.getElementsByTagName("*").length;
    // Serialising millions of elements would itself take long: counted first, measured only when sane.
    return {
      elements,
      chars: elements > maxElements ? 0 : (document.documentElement?.outerHTML.length ?? 0),
    };
  }, MAX_ELEMENTS);
  if (size.elements > MAX_ELEMENTS)
    throw new FetchError(
      "too_large",
      `The rendered page has more than ${MAX_ELEMENTS.toLocaleString("en")} elements; it cannot be checked`,
    );
  if (size.chars > maxChars)
    throw new FetchError("too_large", `The rendered page is larger than the ${formatBytes(maxChars)} limit`);
}

async function fullPageScreenshot(page: Page, timeout: number): Promise<Uint8Array> {
  const height = await page.evaluate(() =>
    Math.max(document.documentElement?.scrollHeight ?? 0, document.body?.scrollHeight ?? 0),
  );
  const clip =
    height > MAX_SCREENSHOT_HEIGHT
      ? { x: 0, y: 0, width: VIEWPORT.width, height: MAX_SCREENSHOT_HEIGHT }
      : undefined;
  return page.screenshot({ type: "png", fullPage: true, clip, timeout, animations: "disabled" });
}

function browserUserAgent(browser: Browser): string {
  const chrome = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;
  return `${chrome} ${DEFAULT_USER_AGENT}`;
}

function hasHeader(req: FetchRequest, name: string): boolean {
  return Object.keys(req.headers ?? {}).some((header) => header.toLowerCase() === name);
}

function isRenderable(contentType: string): boolean {
  return contentType === "text/html" || contentType === "application/xhtml+xml";
}

function parseCookies(header: string, url: string): Parameters<BrowserContext["addCookies"]>[0] {
  return header
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes("="))
    .map((pair) => {
      const separator = pair.indexOf("=");
      return { name: pair.slice(0, separator).trim(), value: pair.slice(separator + 1).trim(), url };
    });
}

function isPlaywrightTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === "TimeoutError";
}

function renderError(error: unknown, browser: Browser, timedOut: boolean): FetchError {
  if (error instanceof FetchError) return error;
  if (!browser.isConnected()) {
    return new FetchError("browser", "The browser crashed or disconnected while rendering the page");
  }
  if (timedOut) return new FetchError("timeout", "The page did not finish rendering in time");
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  return new FetchError("browser", `The browser could not render the page: ${message}`);
}
