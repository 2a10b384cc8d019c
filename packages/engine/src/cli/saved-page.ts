/** A page saved to disk, read the way a fetch would hand it over: media type from the name or the bytes, text decoded from its charset. */
import { readFile } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ExtractInput } from "../extract";
import { decodeText } from "../fetch/charset";

const TYPES_BY_EXTENSION: Record<string, string> = {
  ".html": "text/html",
  ".htm": "text/html",
  ".xhtml": "application/xhtml+xml",
  ".json": "application/json",
  ".txt": "text/plain",
  ".csv": "text/csv",
  ".md": "text/markdown",
  ".xml": "application/xml",
  ".rss": "application/rss+xml",
  ".atom": "application/atom+xml",
  ".pdf": "application/pdf",
};

/** The media type of a saved page: its extension, else its first bytes ("" lets extraction sniff). */
export function contentTypeForFile(path: string, bytes: Uint8Array): string {
  const byExtension = TYPES_BY_EXTENSION[extname(path).toLowerCase()];
  if (byExtension) return byExtension;
  const head = Buffer.from(bytes.subarray(0, 512)).toString("latin1").trimStart().toLowerCase();
  if (head.startsWith("%pdf-")) return "application/pdf";
  if (head.startsWith("<!doctype html") || head.startsWith("<html") || /<(head|body|div|p)[\s>]/.test(head))
    return "text/html";
  return "";
}

/** A saved page as the extractor takes it, its text decoded whole. */
export type SavedPageInput = ExtractInput & { text: string };

export function savedPageInput(path: string, bytes: Uint8Array, url?: string): SavedPageInput {
  const contentType = contentTypeForFile(path, bytes);
  const { text } = contentType === "application/pdf" ? { text: "" } : decodeText(bytes, contentType);
  return { url: url ?? pathToFileURL(resolve(path)).href, contentType, text, bytes };
}

/** Read a saved page; a missing or unreadable file is an Error with a clear message. */
export async function readSavedPage(path: string, url?: string): Promise<SavedPageInput> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === "ENOENT" ? `File not found: ${path}` : `Cannot read ${path}: ${(error as Error).message}`,
    );
  }
  return savedPageInput(path, bytes, url);
}
