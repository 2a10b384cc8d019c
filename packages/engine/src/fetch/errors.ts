import { STATUS_CODES } from "node:http";
import { FetchError } from "./types";

/** Maps whatever undici, node:net, node:tls or the DNS resolver threw into one FetchError with a human reason. */
export function toFetchError(error: unknown, url: string, timedOut: boolean): FetchError {
  const known = findFetchError(error);
  if (known) return known;
  const host = hostOf(url);
  if (timedOut) return new FetchError("timeout", `${host} did not answer in time`);
  const code = errorCode(error);
  switch (code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NODATA":
    case "EAI_FAIL":
      return new FetchError("dns", `The host name ${host} could not be resolved`);
    case "ECONNREFUSED":
      return new FetchError("connect", `${host} refused the connection`);
    case "ECONNRESET":
    case "EPIPE":
    case "UND_ERR_SOCKET":
    case "UND_ERR_CLOSED":
      return new FetchError("connect", `${host} closed the connection unexpectedly`);
    case "EHOSTUNREACH":
    case "ENETUNREACH":
    case "EADDRNOTAVAIL":
      return new FetchError("connect", `${host} cannot be reached from here`);
    case "UND_ERR_CONNECT_TIMEOUT":
    case "ETIMEDOUT":
      return new FetchError("timeout", `Connecting to ${host} timed out`);
    case "UND_ERR_HEADERS_TIMEOUT":
    case "UND_ERR_BODY_TIMEOUT":
      return new FetchError("timeout", `${host} did not answer in time`);
    case "UND_ERR_RES_CONTENT_LENGTH_MISMATCH":
    case "HPE_INVALID_CONSTANT":
    case "HPE_INVALID_HEADER_TOKEN":
      return new FetchError("connect", `${host} sent a malformed HTTP response`);
  }
  if (code && (code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL") || TLS_CODES.has(code))) {
    return new FetchError("tls", `The secure connection to ${host} failed: ${describeTls(code, error)}`);
  }
  if (code?.startsWith("HPE_")) return new FetchError("connect", `${host} sent a malformed HTTP response`);
  const message = error instanceof Error ? error.message : String(error);
  return new FetchError("connect", `Fetching ${host} failed: ${message}`);
}

const TLS_CODES = new Set([
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_GET_ISSUER_CERT",
  "CERT_REVOKED",
  "CERT_UNTRUSTED",
  "HOSTNAME_MISMATCH",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "EPROTO",
]);

function describeTls(code: string, error: unknown): string {
  if (code === "CERT_HAS_EXPIRED") return "its certificate has expired";
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID" || code === "HOSTNAME_MISMATCH") {
    return "its certificate is for a different host name";
  }
  if (code.includes("SELF_SIGNED")) return "its certificate is self-signed";
  return error instanceof Error ? error.message : code;
}

function findFetchError(error: unknown): FetchError | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof FetchError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

const STATUS_REASONS: Record<number, string> = {
  400: "the server rejected the request as malformed",
  401: "the page requires a login",
  403: "the server refused access to this page",
  404: "the page does not exist (any more)",
  405: "the server does not accept this request method",
  408: "the server timed out waiting for the request",
  410: "the page has been removed permanently",
  429: "the server is rate-limiting requests",
  451: "the page is unavailable for legal reasons",
  500: "the server had an internal error",
  502: "a gateway or proxy in front of the server failed",
  503: "the server is temporarily unavailable",
  504: "a gateway or proxy timed out waiting for the server",
};

export function httpStatusError(status: number): FetchError {
  const statusText = STATUS_CODES[status];
  const label = statusText ? `${status} ${statusText}` : String(status);
  const reason =
    STATUS_REASONS[status] ?? (status >= 500 ? "the server failed" : "the server refused the request");
  return new FetchError("http_status", `The server answered HTTP ${label}: ${reason}`, status);
}
