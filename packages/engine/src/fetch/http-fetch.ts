import { performance } from "node:perf_hooks";
import { decodeText } from "./charset";
import { httpStatusError } from "./errors";
import { exchange, type HttpExchange, headerValue } from "./http-exchange";
import { isBinaryMediaType, mediaTypeOf } from "./media-type";
import type { FetchedPage, FetchOptions, FetchRequest } from "./types";

export const DEFAULT_USER_AGENT = "ChangeRadar/1.0 (+https://changeradar.app)";

const DEFAULT_HEADERS: Record<string, string> = {
  "user-agent": DEFAULT_USER_AGENT,
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,application/json;q=0.9,*/*;q=0.8",
  "accept-language": "en-US,en;q=0.8",
  "accept-encoding": "gzip, deflate, br",
};

/**
 * Plain HTTP fetch of one monitored page: default headers, cookies and validators for a conditional
 * request; a 304 is a cheap `notModified`; 4xx/5xx are check errors, never content.
 */
export async function httpFetch(req: FetchRequest, options: FetchOptions = {}): Promise<FetchedPage> {
  const started = performance.now();
  const response = await exchange(
    { url: req.url, method: req.method ?? "GET", headers: requestHeaders(req), body: req.body },
    options,
  );
  if (response.status >= 400) throw httpStatusError(response.status);
  return pageFromExchange(req, response, started);
}

/** The request headers of a monitor's fetch: defaults, then the monitor's own, cookies and validators. */
export function requestHeaders(req: FetchRequest): Record<string, string> {
  const headers = { ...DEFAULT_HEADERS };
  for (const [name, value] of Object.entries(req.headers ?? {})) headers[name.toLowerCase()] = value;
  if (req.cookies) headers.cookie = req.cookies;
  if (req.etag) headers["if-none-match"] = req.etag;
  if (req.lastModified) headers["if-modified-since"] = req.lastModified;
  return headers;
}

export function pageFromExchange(req: FetchRequest, response: HttpExchange, started: number): FetchedPage {
  const { status, headers, bytes } = response;
  const etag = headerValue(headers.etag) ?? null;
  const lastModified = headerValue(headers["last-modified"]) ?? null;
  const page = {
    url: req.url,
    finalUrl: response.finalUrl,
    redirects: response.redirects,
    status,
    screenshot: null,
    durationMs: Math.round(performance.now() - started),
  };
  if (status === 304) {
    return {
      ...page,
      notModified: true,
      contentType: "",
      charset: "",
      text: "",
      bytes: new Uint8Array(0),
      etag: etag ?? req.etag ?? null,
      lastModified: lastModified ?? req.lastModified ?? null,
    };
  }
  const contentTypeHeader = headerValue(headers["content-type"]) ?? null;
  const contentType = mediaTypeOf(contentTypeHeader, bytes);
  // Decoded on first use: a check whose body bytes are the same as last time never decodes them.
  let decoded: { text: string; charset: string } | null = null;
  const decode = () => {
    decoded ??= isBinaryMediaType(contentType)
      ? { text: "", charset: "" }
      : decodeText(bytes, contentTypeHeader);
    return decoded;
  };
  return {
    ...page,
    notModified: false,
    contentType,
    get charset() {
      return decode().charset;
    },
    get text() {
      return decode().text;
    },
    bytes,
    contentTypeHeader,
    etag,
    lastModified,
  };
}
