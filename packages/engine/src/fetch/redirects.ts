import { parseHttpUrl } from "./ssrf";
import { FetchError } from "./types";

/** One request of a redirect chain. */
export interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Credentials meant for the monitored site must not follow a redirect to another site. */
const ORIGIN_BOUND_HEADERS = ["authorization", "cookie", "proxy-authorization"];

export function isRedirect(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

/**
 * The next hop of a redirect, as browsers build it: 303 (and 301/302 after a POST) becomes a body-less
 * GET; 307/308 repeat the method and body. The target's scheme is checked here; its address is checked
 * by the guarded agent when the connection is made.
 */
export function nextHop(current: Hop, status: number, location: string | undefined): Hop {
  if (!location) {
    throw new FetchError(
      "http_status",
      `The server answered HTTP ${status} without saying where to go`,
      status,
    );
  }
  let target: URL;
  try {
    target = parseHttpUrl(new URL(location, current.url).href);
  } catch (error) {
    if (error instanceof FetchError && error.code === "blocked") {
      throw new FetchError("blocked", `The page redirected to a refused address: ${error.message}`);
    }
    throw new FetchError(
      "invalid_url",
      `The page redirected to an invalid address "${location.slice(0, 200)}"`,
    );
  }
  const becomesGet = status === 303 || ((status === 301 || status === 302) && current.method === "POST");
  const headers = { ...current.headers };
  if (becomesGet) {
    delete headers["content-type"];
    delete headers["content-length"];
  }
  if (target.origin !== current.url.origin) {
    for (const name of ORIGIN_BOUND_HEADERS) delete headers[name];
  }
  return {
    url: target,
    method: becomesGet && current.method !== "HEAD" ? "GET" : current.method,
    headers,
    body: becomesGet ? undefined : current.body,
  };
}
