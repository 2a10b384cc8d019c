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

export function createGuardedRouting(document: HttpExchange, options: ExchangeOptions): GuardedRouting {
  const blocked: string[] = [];
  let documentServed = false;

  async function handle(route: Route): Promise<void> {
    const request = route.request();
    if (!documentServed && request.isNavigationRequest() && isMainFrame(request)) {
      documentServed = true;
      return fulfill(route, document);
    }
    try {
      const response = await exchange(await toExchangeRequest(request), {
        ...options,
        readErrorBodies: true,
      });
      await fulfill(route, response);
    } catch (error) {
      const refused = error instanceof FetchError && error.code === "blocked";
      if (refused) blocked.push(request.url());
      await route.abort(refused ? "blockedbyclient" : "failed").catch(() => {});
    }
  }

  return { handle, blocked };
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
  // The page may have gone away while the sub-request was in flight; nothing is left to answer.
  await route
    .fulfill({ status: response.status, headers: fulfilHeaders(response.headers), body: response.bytes })
    .catch(() => {});
}

function fulfilHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || TRANSPORT_HEADERS.has(name)) continue;
    result[name] = Array.isArray(value) ? value.join(name === "set-cookie" ? "\n" : ", ") : value;
  }
  return result;
}
