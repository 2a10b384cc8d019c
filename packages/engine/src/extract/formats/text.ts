import type { Snapshot } from "../../snapshot";
import { collapseWhitespace } from "../html/line-builder";
import { emptyStructure } from "./empty";

/** Plain text (robots.txt, logs, text/plain): one line per non-empty line. */
export function textLines(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = collapseWhitespace(raw.replace(/\p{Cc}/gu, " "));
    if (line !== "") lines.push(line);
  }
  return lines;
}

export function extractText(url: string, text: string, format: "text" | "pdf" = "text"): Snapshot {
  return {
    version: 1,
    url,
    format,
    title: null,
    lines: textLines(text),
    price: null,
    availability: "unknown",
    items: [],
    images: [],
    structure: emptyStructure(),
    scopeMatched: null,
  };
}
