import type { SnapshotFormat } from "../snapshot";
import { type PageText, textHead, wholeText } from "./page-text";

const feedRoot =
  /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<\?[^>]*\?>\s*)*<(?:rss|feed|rdf:RDF)[\s>]/i;

/** The format of a response, from its media type and, where that is vague, its first bytes. */
export function detectFormat(contentType: string, text: PageText, bytes?: Uint8Array): SnapshotFormat {
  const type = contentType.toLowerCase().split(";")[0]?.trim() ?? "";
  if (
    type === "application/pdf" ||
    startsWithPdfMagic(bytes) ||
    (bytes === undefined && textHead(text, 5) === "%PDF-")
  )
    return "pdf";
  if (type.includes("rss") || type.includes("atom")) return "feed";
  if (type === "application/json" || type.endsWith("+json") || type === "text/json") return "json";
  const head = textHead(text, 2048);
  if ((type.includes("xml") || type === "" || type === "text/html") && feedRoot.test(head)) return "feed";
  if (type === "text/plain" || type === "text/csv" || type === "text/markdown")
    return looksLikeJson(head, text) ? "json" : "text";
  if (type === "" || type === "application/octet-stream") {
    if (looksLikeJson(head, text)) return "json";
  }
  return "html";
}

function startsWithPdfMagic(bytes: Uint8Array | undefined): boolean {
  return (
    bytes !== undefined &&
    bytes.length > 4 &&
    bytes[0] === 0x25 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x44 &&
    bytes[3] === 0x46
  );
}

function looksLikeJson(head: string, text: PageText): boolean {
  const first = head.trimStart()[0];
  if (first !== "{" && first !== "[") return false;
  try {
    JSON.parse(wholeText(text));
    return true;
  } catch {
    return false;
  }
}
