import type { IncomingHttpHeaders } from "node:http";
import { type Dispatcher, request } from "undici";
import { formatBytes, readCappedBody } from "./body";
import { toFetchError } from "./errors";
import { DEFAULT_CONNECT_TIMEOUT_MS, sharedGuardedAgent } from "./guarded-agent";
import { type Hop, isRedirect, nextHop } from "./redirects";
import { parseHttpUrl } from "./ssrf";
import { FetchError, type FetchOptions } from "./types";

export const DEFAULT_TOTAL_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

export interface ExchangeRequest {
  url: string;
  method: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface ExchangeOptions extends FetchOptions {
  /** Read the body of 4xx/5xx answers too (a browser sub-request shows them); otherwise it is discarded. */
  readErrorBodies?: boolean;
}

/** The final response of a redirect chain, body decompressed and size-capped. */
export interface HttpExchange {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
  finalUrl: string;
  /** Each URL redirected to, in order; the last one is `finalUrl`. */
  redirects: string[];
  /**
   * Set-Cookie values of redirect answers from the request's own origin (a login form answers 303 with
   * its session cookie): they are sent on to the next same-origin hop, as a browser would.
   */
  redirectCookies: string[];
}

/**
 * One HTTP exchange through the SSRF-guarded agent. Redirects are followed here, one hop at a time, so
 * every hop gets its own guarded connection. Every failure is a FetchError.
 */
export async function exchange(req: ExchangeRequest, options: ExchangeOptions = {}): Promise<HttpExchange> {
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const dispatcher = sharedGuardedAgent({
    allowPrivateTargets: options.allowPrivateTargets,
    allowedAddresses: options.allowedAddresses,
    lookup: options.lookup,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
  });
  const deadline = AbortSignal.timeout(totalTimeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  let hop: Hop = withUrlCredentials({
    url: parseHttpUrl(req.url),
    method: req.method.toUpperCase(),
    headers: req.headers,
    body: req.body,
  });
  const redirects: string[] = [];
  const redirectCookies: string[] = [];
  const origin = hop.url.origin;
  try {
    for (;;) {
      const response = await request(hop.url, {
        dispatcher,
        method: hop.method as Dispatcher.HttpMethod,
        headers: hop.headers,
        body: hop.body,
        signal,
        headersTimeout: totalTimeoutMs,
        bodyTimeout: totalTimeoutMs,
      });
      if (!isRedirect(response.statusCode)) {
        const bytes = await readBody(response, options);
        return {
          status: response.statusCode,
          headers: response.headers,
          bytes,
          finalUrl: hop.url.href,
          redirects,
          redirectCookies,
        };
      }
      await discard(response.body);
      if (redirects.length >= maxRedirects) {
        throw new FetchError("too_many_redirects", `The page redirected more than ${maxRedirects} times`);
      }
      const from = hop.url.origin;
      hop = nextHop(hop, response.statusCode, headerValue(response.headers.location));
      const refusal = options.refuseRedirect?.(hop.url) ?? null;
      if (refusal !== null) throw new FetchError("blocked", refusal);
      redirects.push(hop.url.href);
      if (from === origin) {
        const cookies = setCookies(response.headers["set-cookie"]);
        redirectCookies.push(...cookies);
        if (hop.url.origin === origin) hop = withCookies(hop, cookies);
      }
    }
  } catch (error) {
    if (options.signal?.aborted && !deadline.aborted) {
      throw new FetchError("timeout", "The check was cancelled before it finished");
    }
    throw toFetchError(error, hop.url.href, deadline.aborted);
  }
}

function setCookies(header: string | string[] | undefined): string[] {
  if (!header) return [];
  return Array.isArray(header) ? header : [header];
}

/** The name=value pairs of Set-Cookie headers added to (or replacing those in) the hop's Cookie header. */
function withCookies(hop: Hop, cookies: readonly string[]): Hop {
  if (cookies.length === 0) return hop;
  const jar = new Map<string, string>();
  for (const pair of (hop.headers.cookie ?? "").split(";")) {
    const [name, ...value] = pair.split("=");
    if (name?.trim()) jar.set(name.trim(), value.join("=").trim());
  }
  for (const cookie of cookies) {
    const [pair = ""] = cookie.split(";");
    const separator = pair.indexOf("=");
    if (separator > 0) jar.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
  }
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return { ...hop, headers: { ...hop.headers, cookie } };
}

/** user:password@ in a URL becomes Basic authentication (as in browsers and curl) and leaves the URL. */
function withUrlCredentials(hop: Hop): Hop {
  const { url } = hop;
  if (!url.username && !url.password) return hop;
  const credentials = `${safelyDecoded(url.username)}:${safelyDecoded(url.password)}`;
  const headers = { authorization: `Basic ${Buffer.from(credentials).toString("base64")}`, ...hop.headers };
  const bare = new URL(url.href);
  bare.username = "";
  bare.password = "";
  return { ...hop, url: bare, headers };
}

function safelyDecoded(component: string): string {
  try {
    return decodeURIComponent(component);
  } catch {
    return component;
  }
}

async function readBody(response: Dispatcher.ResponseData, options: ExchangeOptions): Promise<Buffer> {
  const { statusCode, headers, body } = response;
  if (statusCode === 304 || (statusCode >= 400 && !options.readErrorBodies)) {
    await discard(body);
    return Buffer.alloc(0);
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const declaredLength = Number(headerValue(headers["content-length"]));
  try {
    if (declaredLength > maxBodyBytes) {
      const sizes = `${formatBytes(declaredLength)}, over the ${formatBytes(maxBodyBytes)} limit`;
      throw new FetchError("too_large", `The response is ${sizes}`);
    }
    return await readCappedBody(body, headerValue(headers["content-encoding"]) ?? null, maxBodyBytes);
  } finally {
    if (!body.destroyed) body.destroy();
  }
}

async function discard(body: Dispatcher.ResponseData["body"]): Promise<void> {
  try {
    await body.dump({ limit: 64 * 1024 });
  } catch {
    // The body is being thrown away; a broken stream changes nothing.
  }
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
