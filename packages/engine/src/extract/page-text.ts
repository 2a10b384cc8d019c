import type { Parser } from "htmlparser2";

/**
 * A page's decoded text: whole, or in the pieces it was decoded in (`decodeTextPieces`). The HTML parser
 * reads the pieces one after the other, so a large page is never one string (see DECODE_PIECE_BYTES); the
 * formats that need the text whole (JSON, feeds, plain text) join them.
 */
export type PageText = string | readonly string[];

export function wholeText(text: PageText): string {
  return typeof text === "string" ? text : text.join("");
}

/** The first `length` characters (fewer when the text is shorter). */
export function textHead(text: PageText, length: number): string {
  if (typeof text === "string") return text.slice(0, length);
  let head = "";
  for (const piece of text) {
    head += piece.slice(0, length - head.length);
    if (head.length >= length) break;
  }
  return head;
}

/** Parses the whole text: its pieces written in order, then the end. */
export function parseText(parser: Parser, text: PageText): void {
  if (typeof text === "string") {
    parser.end(text);
    return;
  }
  for (const piece of text) parser.write(piece);
  parser.end();
}
