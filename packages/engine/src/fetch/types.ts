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
  etag: string | null;
  lastModified: string | null;
  /** Full-page PNG when rendered. */
  screenshot: Uint8Array | null;
  durationMs: number;
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
  | "browser";

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
