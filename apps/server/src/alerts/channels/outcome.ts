import { STATUS_CODES } from "node:http";
import type { DeliveryOutcome } from "./types";

/**
 * Turns a receiver's answer or a transport error into a DeliveryOutcome. Retryable: network errors,
 * timeouts, 408, 429 and 5xx. Permanent: other 4xx and redirects (the user must fix the channel).
 */

type HeaderValue = string | string[] | undefined;

export function outcomeFromResponse(
  receiver: string,
  status: number,
  headers: Record<string, HeaderValue>,
  excerpt: string,
  now: Date,
): DeliveryOutcome {
  if (status >= 200 && status < 300)
    return excerpt ? { ok: true, status, responseExcerpt: excerpt } : { ok: true, status };
  const said = answerText(excerpt);
  const answer = `${status} ${STATUS_CODES[status] ?? ""}`.trim() + (said ? `: ${said}` : "");
  if (status === 429) {
    const retryAfterMs =
      parseRetryAfter(firstHeader(headers["retry-after"]), now) ?? retryAfterInBody(excerpt);
    const hint =
      retryAfterMs === undefined ? "" : `; it asks us to retry after ${formatSeconds(retryAfterMs)}`;
    return {
      ok: false,
      retryable: true,
      status,
      reason: `${receiver} is rate limiting us (${answer})${hint}`,
      ...hintField(retryAfterMs),
    };
  }
  if (status === 408 || status >= 500) {
    const retryAfterMs = parseRetryAfter(firstHeader(headers["retry-after"]), now);
    return {
      ok: false,
      retryable: true,
      status,
      reason: `${receiver} had a temporary problem (${answer})`,
      ...hintField(retryAfterMs),
    };
  }
  if (status >= 300 && status < 400) {
    const location = firstHeader(headers.location);
    const where = location ? ` to ${location}` : "";
    return {
      ok: false,
      retryable: false,
      status,
      reason: `${receiver} redirected the alert${where} (${status}); update the address in the channel settings`,
    };
  }
  if (status >= 400) {
    return { ok: false, retryable: false, status, reason: `${receiver} rejected the alert (${answer})` };
  }
  return { ok: false, retryable: true, status, reason: `${receiver} gave an unexpected answer (${answer})` };
}

export function outcomeFromError(receiver: string, error: unknown, timeoutMs: number): DeliveryOutcome {
  const { name, code, message } = describe(error);
  if (name === "FetchError" && (code === "blocked" || code === "invalid_url")) {
    return { ok: false, retryable: false, reason: `${receiver} cannot be reached: ${message}` };
  }
  if (name === "TimeoutError" || name === "AbortError" || TIMEOUT_CODES.has(code)) {
    return {
      ok: false,
      retryable: true,
      reason: `${receiver} did not answer within ${formatSeconds(timeoutMs)}`,
    };
  }
  const detail = NETWORK_DETAILS[code] ?? message;
  return { ok: false, retryable: true, reason: `Could not deliver to ${receiver}: ${detail}` };
}

const TIMEOUT_CODES = new Set([
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CONNECT_TIMEOUT",
  "ETIMEDOUT",
]);

const NETWORK_DETAILS: Record<string, string> = {
  ECONNREFUSED: "the connection was refused (is the receiver running?)",
  ECONNRESET: "the connection was reset",
  ENOTFOUND: "the host name could not be resolved",
  EAI_AGAIN: "the DNS server did not answer",
  EHOSTUNREACH: "the host is unreachable",
  ENETUNREACH: "the network is unreachable",
  UND_ERR_SOCKET: "the connection closed unexpectedly",
};

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now.getTime());
}

/** APIs answer errors as JSON; their own sentence reads better than the raw body. */
function answerText(excerpt: string): string {
  const json = parseJsonObject(excerpt);
  if (!json) return excerpt;
  for (const key of ["message", "description", "error", "detail"]) {
    const value = json[key];
    if (typeof value === "string" && value) return value;
  }
  return excerpt;
}

/** Telegram (`parameters.retry_after`) and Discord (`retry_after`) put the wait, in seconds, in the body. */
function retryAfterInBody(excerpt: string): number | undefined {
  const json = parseJsonObject(excerpt);
  const parameters = json?.parameters as Record<string, unknown> | undefined;
  const seconds = json?.retry_after ?? parameters?.retry_after;
  return typeof seconds === "number" && seconds >= 0 ? Math.ceil(seconds * 1000) : undefined;
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  if (!text.startsWith("{")) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function hintField(retryAfterMs: number | undefined): { retryAfterMs?: number } {
  return retryAfterMs === undefined ? {} : { retryAfterMs };
}

function firstHeader(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function formatSeconds(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} s`;
}

function describe(error: unknown): { name: string; code: string; message: string } {
  if (!(error instanceof Error) && (typeof error !== "object" || error === null)) {
    return { name: "", code: "", message: String(error) };
  }
  const { name, code, message, cause } = error as {
    name?: string;
    code?: unknown;
    message?: string;
    cause?: unknown;
  };
  // undici wraps some socket errors; the cause carries the useful code.
  const timedOut = name === "TimeoutError" || name === "AbortError";
  if (!code && !timedOut && cause && typeof cause === "object") return describe(cause);
  return { name: name ?? "", code: typeof code === "string" ? code : "", message: message ?? String(error) };
}
