/** The fetch layer's public interface: the rest of the engine and the service code against this. */

export interface FetchRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** A Cookie header value sent with the request. */
  cookies?: string;
  body?: string;
  /** Validators from the previous fetch: a 304 answer comes back as `notModified: true`. */
  etag?: string | null;
  lastModified?: string | null;
  /** Render with a real browser (JavaScript, full-page screenshot). */
  render?: boolean;
  /** Run in the rendered page before the snapshot (a login, a click); needs `render`. */
  steps?: BrowserStep[];
  /** Cookies kept from the monitor's last successful browser check, loaded into the browser first. */
  browserCookies?: BrowserCookie[];
}

/** One action in the rendered page, run in order before the snapshot. Timeouts are in milliseconds. */
export type BrowserStep =
  | { kind: "goto"; url: string }
  | { kind: "click"; selector: string }
  /** `secret` marks text that must never appear in messages or logs (a password). */
  | { kind: "type"; selector: string; text: string; secret?: boolean }
  | { kind: "select"; selector: string; value: string }
  | { kind: "press"; key: string }
  | { kind: "wait_for_selector"; selector: string; timeoutMs?: number }
  | { kind: "wait_for_text"; text: string; timeoutMs?: number }
  | { kind: "wait_for_network_idle"; timeoutMs?: number }
  /** Scrolls the element into view, or to the bottom of the page without a selector. */
  | { kind: "scroll"; selector?: string }
  | { kind: "accept_cookies" };

export type BrowserStepKind = BrowserStep["kind"];

/** A cookie of the browser context, as Playwright reads and loads it. */
export interface BrowserCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** Unix seconds; -1 for a session cookie. */
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Strict" | "Lax" | "None";
}

export interface FetchOptions {
  /** Lift the SSRF guard for loopback/private targets (tests only; ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets?: boolean;
  /**
   * Exact IP addresses let through although they are private (e.g. only the test server's 127.0.0.1),
   * while every other private address stays refused. Narrower than `allowPrivateTargets`.
   */
  allowedAddresses?: string[];
  /** Injectable DNS resolution, so tests control what a name resolves to. */
  lookup?: LookupFn;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
  /** A reason not to follow a redirect to this address (a site crawl keeps to its host), or null to follow it. */
  refuseRedirect?: (next: URL) => string | null;
  signal?: AbortSignal;
}

export type LookupFn = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export interface FetchedPage {
  url: string;
  finalUrl: string;
  redirects: string[];
  status: number;
  notModified: boolean;
  /** Media type without parameters, lower case ("text/html", "application/json", …). */
  contentType: string;
  charset: string;
  /** The decoded body (empty for a 304). */
  text: string;
  /** The raw body bytes, for binary formats such as PDF. */
  bytes: Uint8Array;
  /**
   * The Content-Type header as served (null: none), set when `text` is `bytes` decoded by `decodeText`
   * (plain HTTP): the bytes can then be decoded where the page is extracted (an engine worker) instead.
   */
  contentTypeHeader?: string | null;
  etag: string | null;
  lastModified: string | null;
  /** Full-page PNG when rendered. */
  screenshot: Uint8Array | null;
  durationMs: number;
  /** The browser's cookie jar at the end, when rendered with browser steps or kept cookies. */
  cookies?: BrowserCookie[];
}

export type FetchErrorCode =
  | "invalid_url"
  | "blocked"
  | "dns"
  | "connect"
  | "tls"
  | "timeout"
  | "http_status"
  | "too_large"
  | "too_many_redirects"
  | "decode"
  | "browser"
  | "step";

/** A check error: never a content change. `message` is a clear, human reason. */
export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "FetchError";
  }
}

/**
 * A browser step that failed: the check fails with the step's number (1-based), its kind, a clear reason
 * and a screenshot of the page at that moment.
 */
export class BrowserStepError extends FetchError {
  constructor(
    readonly stepNumber: number,
    readonly stepKind: BrowserStepKind,
    readonly reason: string,
    readonly screenshot: Uint8Array | null,
    label: string,
  ) {
    super("step", `Step ${stepNumber} (${label}) failed: ${reason}`);
    this.name = "BrowserStepError";
  }
}
