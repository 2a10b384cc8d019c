import { performance } from "node:perf_hooks";
import { type Dispatcher, request } from "undici";
import { formatBytes, readCappedBody } from "./body";
import { decodeText } from "./charset";
import { httpStatusError, toFetchError } from "./errors";
import { DEFAULT_CONNECT_TIMEOUT_MS, sharedGuardedAgent } from "./guarded-agent";
import { mediaTypeOf } from "./media-type";
import { type Hop, isRedirect, nextHop } from "./redirects";
import { parseHttpUrl } from "./ssrf";
import { FetchError, type FetchedPage, type FetchOptions, type FetchRequest } from "./types";

export const DEFAULT_USER_AGENT = "ChangeRadar/1.0 (+https://changeradar.app)";
export const DEFAULT_TOTAL_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

const DEFAULT_HEADERS: Record<string, string> = {
  "user-agent": DEFAULT_USER_AGENT,
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,application/json;q=0.9,*/*;q=0.8",
  "accept-language": "en-US,en;q=0.8",
  "accept-encoding": "gzip, deflate, br",
};

/**
 * Plain HTTP fetch through the SSRF-guarded agent. Redirects are followed here, one hop at a time, so
 * every hop gets a fresh guarded connection check. `redirects` lists each URL redirected to, in order.
 */
export async function httpFetch(req: FetchRequest, options: FetchOptions = {}): Promise<FetchedPage> {
  const started = performance.now();
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
  let hop = firstHop(req);
  const redirects: string[] = [];
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
        const page = await toPage(response, hop, req, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
        return { ...page, redirects, durationMs: Math.round(performance.now() - started) };
      }
      await discard(response.body);
      if (redirects.length >= maxRedirects) {
        throw new FetchError("too_many_redirects", `The page redirected more than ${maxRedirects} times`);
      }
      hop = nextHop(hop, response.statusCode, headerValue(response.headers.location));
      redirects.push(hop.url.href);
    }
  } catch (error) {
    if (options.signal?.aborted && !deadline.aborted) {
      throw new FetchError("timeout", "The check was cancelled before it finished");
    }
    throw toFetchError(error, hop.url.href, deadline.aborted);
  }
}

function firstHop(req: FetchRequest): Hop {
  const headers = { ...DEFAULT_HEADERS };
  for (const [name, value] of Object.entries(req.headers ?? {})) headers[name.toLowerCase()] = value;
  if (req.cookies) headers.cookie = req.cookies;
  if (req.etag) headers["if-none-match"] = req.etag;
  if (req.lastModified) headers["if-modified-since"] = req.lastModified;
  return {
    url: parseHttpUrl(req.url),
    method: (req.method ?? "GET").toUpperCase(),
    headers,
    body: req.body,
  };
}

type PageWithoutTimings = Omit<FetchedPage, "redirects" | "durationMs">;

async function toPage(
  response: Dispatcher.ResponseData,
  hop: Hop,
  req: FetchRequest,
  maxBodyBytes: number,
): Promise<PageWithoutTimings> {
  const { statusCode: status, headers, body } = response;
  const etag = headerValue(headers.etag) ?? null;
  const lastModified = headerValue(headers["last-modified"]) ?? null;
  const common = { url: req.url, finalUrl: hop.url.href, status, etag, lastModified, screenshot: null };
  if (status === 304) {
    await discard(body);
    const validators = {
      etag: etag ?? req.etag ?? null,
      lastModified: lastModified ?? req.lastModified ?? null,
    };
    const empty = { contentType: "", charset: "", text: "", bytes: new Uint8Array(0) };
    return { ...common, ...validators, ...empty, notModified: true };
  }
  if (status >= 400) {
    await discard(body);
    throw httpStatusError(status);
  }
  const declaredLength = Number(headerValue(headers["content-length"]));
  if (declaredLength > maxBodyBytes) {
    body.destroy();
    throw new FetchError(
      "too_large",
      `The response is ${formatBytes(declaredLength)}, over the ${formatBytes(maxBodyBytes)} limit`,
    );
  }
  const contentTypeHeader = headerValue(headers["content-type"]) ?? null;
  let bytes: Buffer;
  try {
    bytes = await readCappedBody(body, headerValue(headers["content-encoding"]) ?? null, maxBodyBytes);
  } finally {
    if (!body.destroyed) body.destroy();
  }
  const contentType = mediaTypeOf(contentTypeHeader, bytes);
  const decoded = isBinaryMediaType(contentType)
    ? { text: "", charset: "" }
    : decodeText(bytes, contentTypeHeader);
  return { ...common, contentType, charset: decoded.charset, text: decoded.text, bytes, notModified: false };
}

function isBinaryMediaType(mediaType: string): boolean {
  return /^(image|audio|video|font)\/|^application\/(pdf|zip|gzip|octet-stream)$/.test(mediaType);
}

async function discard(body: Dispatcher.ResponseData["body"]): Promise<void> {
  try {
    await body.dump({ limit: 64 * 1024 });
  } catch {
    // The body is being thrown away; a broken stream changes nothing.
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
