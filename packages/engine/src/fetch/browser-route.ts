import type { IncomingHttpHeaders } from "node:http";
import type { Request, Route } from "playwright-core";
import { type ExchangeOptions, exchange, type HttpExchange } from "./http-exchange";
import { FetchError } from "./types";

/**
 * Every request a rendered page makes is performed here, by the SSRF-guarded HTTP client, and handed
 * back to Chromium with route.fulfill(). Chromium itself never opens a connection (it is launched with a
 * dead-end proxy), so the address checked is the address connected, for sub-requests too. Redirects are
 * followed on our side, each hop checked: Chromium does not route the follow-up of a fulfilled redirect.
 */
export interface GuardedRouting {
  handle(route: Route): Promise<void>;
  /** URLs the guard refused, for the page report. */
  blocked: string[];
  /** Main-frame navigations among them (a browser step that went to a refused address). */
  blockedNavigations: string[];
  /**
   * Where a main-frame navigation really ended: redirects are followed here, so the browser shows the
   * address it asked for (a login form's POST) while the page came from the address redirected to.
   */
  landedAt(url: string): string;
}

/** Hop-by-hop and transport headers that must not be forwarded in either direction. */
const TRANSPORT_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "host",
  "proxy-connection",
  "upgrade",
  "te",
  "trailer",
]);

/**
 * `document` is the first main-frame document, already fetched; null when the browser fetches it itself
 * (browser steps and kept cookies: the browser's cookie jar must take part).
 */
export function createGuardedRouting(
  document: HttpExchange | null,
  options: ExchangeOptions,
): GuardedRouting {
  const blocked: string[] = [];
  const blockedNavigations: string[] = [];
  const landed = new Map<string, string>();
  let documentServed = document === null;

  async function handle(route: Route): Promise<void> {
    const request = route.request();
    if (document && !documentServed && request.isNavigationRequest() && isMainFrame(request)) {
      documentServed = true;
      return fulfill(route, document);
    }
    try {
      const response = await exchange(await toExchangeRequest(request), {
        ...options,
        readErrorBodies: true,
      });
      if (request.isNavigationRequest() && isMainFrame(request)) landed.set(request.url(), response.finalUrl);
      await fulfill(route, response);
    } catch (error) {
      const refused = error instanceof FetchError && error.code === "blocked";
      if (refused) blocked.push(request.url());
      if (refused && request.isNavigationRequest() && isMainFrame(request))
        blockedNavigations.push(request.url());
      await route.abort(refused ? "blockedbyclient" : "failed").catch(() => {});
    }
  }

  return { handle, blocked, blockedNavigations, landedAt: (url) => landed.get(url) ?? url };
}

function isMainFrame(request: Request): boolean {
  try {
    return request.frame().parentFrame() === null;
  } catch {
    return false; // worker requests have no frame
  }
}

async function toExchangeRequest(request: Request) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(await request.allHeaders())) {
    const lower = name.toLowerCase();
    if (!lower.startsWith(":") && !TRANSPORT_HEADERS.has(lower)) headers[lower] = value;
  }
  headers["accept-encoding"] = "gzip, deflate, br";
  return {
    url: request.url(),
    method: request.method(),
    headers,
    body: request.postDataBuffer() ?? undefined,
  };
}

async function fulfill(route: Route, response: HttpExchange): Promise<void> {
  const headers = fulfilHeaders(response.headers);
  // Cookies set by a redirect followed here (a login form's answer) reach the browser's cookie jar too.
  if (response.redirectCookies.length > 0) {
    const own = headers["set-cookie"] ? [headers["set-cookie"]] : [];
    headers["set-cookie"] = [...response.redirectCookies, ...own].join("\n");
  }
  // The page may have gone away while the sub-request was in flight; nothing is left to answer.
  await route.fulfill({ status: response.status, headers, body: response.bytes }).catch(() => {});
}

function fulfilHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || TRANSPORT_HEADERS.has(name)) continue;
    result[name] = Array.isArray(value) ? value.join(name === "set-cookie" ? "\n" : ", ") : value;
  }
  return result;
}
