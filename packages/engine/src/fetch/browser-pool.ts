import type { Browser } from "playwright-core";
import { BrowserGoneError, type RenderedPage, type RenderOptions, renderPage } from "./browser-render";
import { CHROMIUM_BASE_ARGS } from "./chromium-features";
import type { PageRenderer } from "./fetch-page";
import { FetchError, type FetchOptions, type FetchRequest } from "./types";

export interface BrowserPoolOptions
  extends Pick<FetchOptions, "allowPrivateTargets" | "allowedAddresses" | "lookup"> {
  /** Local Chromium binary (CHROMIUM_PATH); ignored when `wsEndpoint` is set. */
  executablePath?: string;
  /** A remote browser reached over CDP (BROWSER_WS_ENDPOINT). */
  wsEndpoint?: string;
  /** Pages rendered at the same time; further renders wait their turn. */
  maxPages?: number;
  launchTimeoutMs?: number;
}

/**
 * Chromium's own networking is pointed at a dead end: every request is fulfilled by the guarded client
 * (see browser-route.ts), so anything that escapes interception (preconnects, WebRTC, DNS prefetch)
 * fails instead of reaching a private address.
 */
export const CHROMIUM_ARGS = [
  ...CHROMIUM_BASE_ARGS,
  "--disable-gpu",
  "--proxy-server=http://127.0.0.1:9",
  "--proxy-bypass-list=<-loopback>",
  "--host-resolver-rules=MAP * ~NOTFOUND",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
];

/** A bounded pool of browser pages over one Chromium, relaunched after a crash. */
export class BrowserPool implements PageRenderer {
  private browser: Promise<Browser> | null = null;
  private busy = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;
  private readonly maxPages: number;

  constructor(private readonly options: BrowserPoolOptions = {}) {
    this.maxPages = Math.max(1, options.maxPages ?? 2);
  }

  /**
   * `onStep` receives each browser step's outcome with a screenshot (the editor's "Run steps"); `probe`
   * measures the finished page (the editor's screenshot picker).
   */
  async render(
    req: FetchRequest,
    options: FetchOptions & Pick<RenderOptions, "onStep" | "probe"> = {},
  ): Promise<RenderedPage> {
    await this.acquire();
    try {
      const guarded = this.guardOptions(options);
      return await renderPage(await this.connectedBrowser(), req, guarded).catch(async (error: unknown) => {
        if (!(error instanceof BrowserGoneError) || this.closed) throw error;
        // Once, on a relaunched browser: a crash between two checks must not fail the next one.
        return renderPage(await this.connectedBrowser(), req, guarded);
      });
    } finally {
      this.release();
    }
  }

  /** Closes the browser (or the CDP connection); renders after this fail. */
  async close(): Promise<void> {
    this.closed = true;
    const browser = await this.browser?.catch(() => null);
    this.browser = null;
    await browser?.close().catch(() => {});
  }

  private guardOptions(options: FetchOptions & Pick<RenderOptions, "onStep" | "probe">): RenderOptions {
    const merged: RenderOptions = { ...options };
    merged.allowPrivateTargets ??= this.options.allowPrivateTargets;
    merged.allowedAddresses ??= this.options.allowedAddresses;
    merged.lookup ??= this.options.lookup;
    return merged;
  }

  private async connectedBrowser(): Promise<Browser> {
    if (this.closed) throw new FetchError("browser", "The browser pool has been closed");
    if (!this.browser) {
      const starting = this.start();
      this.browser = starting;
      // A crashed or unreachable browser is forgotten, so the next render launches a new one.
      const forget = () => {
        if (this.browser === starting) this.browser = null;
      };
      starting.then((browser) => browser.on("disconnected", forget), forget);
    }
    const browser = await this.browser;
    if (browser.isConnected()) return browser;
    this.browser = null;
    return this.connectedBrowser();
  }

  private async start(): Promise<Browser> {
    const timeout = this.options.launchTimeoutMs ?? 30_000;
    try {
      // Loaded on first use: plain-HTTP workers never pay for playwright (~77 MB resident).
      const { chromium } = await import("playwright-core");
      if (this.options.wsEndpoint) return await chromium.connectOverCDP(this.options.wsEndpoint, { timeout });
      return await chromium.launch({
        executablePath: this.options.executablePath ?? "/usr/bin/chromium",
        args: CHROMIUM_ARGS,
        timeout,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
      throw new FetchError("browser", `The browser could not be started: ${reason}`);
    }
  }

  private async acquire(): Promise<void> {
    if (this.busy < this.maxPages) {
      this.busy++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy--;
  }
}

/** Defaults follow the deployment settings: CHROMIUM_PATH, BROWSER_WS_ENDPOINT. */
export function createBrowserPool(options: BrowserPoolOptions = {}): BrowserPool {
  return new BrowserPool({
    ...options,
    executablePath: options.executablePath ?? (process.env.CHROMIUM_PATH || "/usr/bin/chromium"),
    wsEndpoint: options.wsEndpoint ?? (process.env.BROWSER_WS_ENDPOINT || undefined),
  });
}
