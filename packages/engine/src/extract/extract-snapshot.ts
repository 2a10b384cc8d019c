import type { Scope, Snapshot } from "../snapshot";
import { detectFormat } from "./detect-format";
import { extractFeed } from "./formats/feed";
import { extractJson } from "./formats/json";
import { extractPdf } from "./formats/pdf";
import { extractText } from "./formats/text";
import { extractHtml } from "./html/extract-html";
import { type PageText, wholeText } from "./page-text";

/** One fetched response, as the fetch layer hands it over (text already decoded from its charset). */
export interface ExtractInput {
  url: string;
  /** Media type, parameters allowed ("text/html; charset=utf-8"). */
  contentType: string;
  text: PageText;
  /** Raw bytes: needed for PDF. */
  bytes?: Uint8Array;
}

export interface ExtractOptions {
  scope?: Scope;
}

/** Extracts one snapshot from a response of any supported format (PDF included). */
export async function extractSnapshot(input: ExtractInput, options: ExtractOptions = {}): Promise<Snapshot> {
  if (detectFormat(input.contentType, input.text, input.bytes) === "pdf") {
    if (options.scope !== undefined) throw new Error("A scope cannot be applied to a PDF document.");
    const bytes = input.bytes ?? new TextEncoder().encode(wholeText(input.text));
    return withoutNul(await extractPdf(input.url, bytes));
  }
  return extractSnapshotSync(input, options);
}

/**
 * Synchronous extraction for HTML, JSON, plain text and feeds (a PDF throws: use `extractSnapshot`).
 * Never throws for bad content, except PageTooComplexError for a page past the parse caps (depth,
 * element count); throws otherwise only for an unusable scope.
 */
export function extractSnapshotSync(input: ExtractInput, options: ExtractOptions = {}): Snapshot {
  return withoutNul(extractAnyFormat(input, options));
}

function extractAnyFormat(input: ExtractInput, options: ExtractOptions): Snapshot {
  const { url, text, scope } = { ...input, scope: options.scope };
  const format = detectFormat(input.contentType, text, input.bytes);
  switch (format) {
    case "pdf":
      throw new Error("PDF extraction is asynchronous: use extractSnapshot().");
    case "json":
      return extractJson(url, wholeText(text), scope);
    case "feed":
      if (scope !== undefined) return extractHtml(url, text, scope);
      return extractFeed(url, wholeText(text));
    case "text":
      if (scope !== undefined) throw new Error("A scope cannot be applied to a plain-text response.");
      return extractText(url, wholeText(text));
    default:
      return extractHtml(url, text, scope);
  }
}

/**
 * U+0000 cannot be stored in PostgreSQL text or jsonb: every string a snapshot holds, keys included, goes out
 * without it. Looked for first, so the usual snapshot (no NUL anywhere) is not copied.
 */
export function withoutNul<T>(value: T): T {
  return containsNul(value) ? stripNul(value) : value;
}

// Loops rather than `some` over `Object.entries`: every snapshot is searched, and most hold thousands of strings.
function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) {
    for (const item of value) if (containsNul(item)) return true;
    return false;
  }
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record))
      if (key.includes("\u0000") || containsNul(record[key])) return true;
  }
  return false;
}

function stripNul<T>(value: T): T {
  if (typeof value === "string") return value.replaceAll("\u0000", "") as T;
  if (Array.isArray(value)) return value.map(stripNul) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key.replaceAll("\u0000", ""), stripNul(v)]),
    ) as T;
  }
  return value;
}
