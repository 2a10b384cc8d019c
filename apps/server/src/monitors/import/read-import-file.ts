import { type ImportFormat, maxImportFileBytes } from "@changeradar/contracts";
import { Invalid, PayloadTooLarge } from "../../http/errors";
import { type ImportEntry, isRecord } from "./import-entry";
import { changedetectionIndex, parseChangedetection } from "./parse-changedetection";
import { parseDistill } from "./parse-distill";
import { parseUrlCsv, parseUrlList } from "./parse-list";
import { parseUrlwatch } from "./parse-urlwatch";

export interface ImportFile {
  name: string;
  content: string;
  encoding: "utf8" | "base64";
}

/** The entries of an uploaded file, in the format given or the one its name and content show. */
export function readImportFile(
  file: ImportFile,
  given: ImportFormat | undefined,
): { format: ImportFormat; entries: ImportEntry[] } {
  const bytes = file.encoding === "base64" ? Buffer.from(file.content, "base64") : Buffer.from(file.content);
  if (bytes.length > maxImportFileBytes) throw new PayloadTooLarge("This file is larger than 15 MB.");
  const format = given ?? detectFormat(file.name, bytes);
  const textOf = () => new TextDecoder().decode(bytes).replace(/^\uFEFF/, "");
  switch (format) {
    case "changedetection":
      return { format, entries: parseChangedetection(isZip(bytes) ? changedetectionIndex(bytes) : textOf()) };
    case "urlwatch":
      return { format, entries: parseUrlwatch(textOf()) };
    case "distill":
      return { format, entries: parseDistill(textOf()) };
    case "csv":
      return { format, entries: parseUrlCsv(textOf()) };
    case "list":
      return { format, entries: parseUrlList(textOf()) };
  }
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b;
}

function detectFormat(name: string, bytes: Buffer): ImportFormat {
  if (isZip(bytes)) return "changedetection";
  const extension = name.toLowerCase().split(".").pop() ?? "";
  if (extension === "yaml" || extension === "yml") return "urlwatch";
  if (extension === "csv") return "csv";
  const text = bytes
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trim();
  if (extension === "json" || text.startsWith("{") || text.startsWith("[")) {
    try {
      const data: unknown = JSON.parse(text);
      if (isRecord(data) && isRecord(data.watching)) return "changedetection";
      if (Array.isArray(data) || (isRecord(data) && Array.isArray(data.data))) return "distill";
    } catch {
      // not JSON: one of the text formats below
    }
    if (extension === "json")
      throw Invalid.field("file", "This JSON file is neither a changedetection.io nor a Distill export.");
  }
  if (/^\s*(url|navigate|command|name|kind)\s*:/m.test(text)) return "urlwatch";
  return "list";
}
