import iconv from "iconv-lite";

/**
 * Character set detection and decoding, in the order browsers use: byte order mark, Content-Type
 * charset, then <meta charset> / http-equiv / XML declaration in the first bytes. Labels are mapped the
 * way the WHATWG Encoding Standard maps them (a page that says "iso-8859-1" really means windows-1252).
 */

export type CharsetSource = "bom" | "header" | "meta" | "default";

export interface DecodedText {
  text: string;
  charset: string;
  source: CharsetSource;
}

/** How far into the body a <meta charset> is looked for (the HTML prescan uses 1024; real pages go further). */
const META_PRESCAN_BYTES = 4096;

const WHATWG_ALIASES: Record<string, string> = {
  "iso-8859-1": "windows-1252",
  iso8859_1: "windows-1252",
  "iso_8859-1": "windows-1252",
  latin1: "windows-1252",
  l1: "windows-1252",
  ascii: "windows-1252",
  "us-ascii": "windows-1252",
  cp1252: "windows-1252",
  "x-cp1252": "windows-1252",
  cp819: "windows-1252",
  "iso-8859-9": "windows-1254",
  latin5: "windows-1254",
  "iso-8859-11": "windows-874",
  "tis-620": "windows-874",
  gb2312: "gb18030",
  gbk: "gb18030",
  "x-gbk": "gb18030",
  chinese: "gb18030",
  csgb2312: "gb18030",
  "shift-jis": "shift_jis",
  sjis: "shift_jis",
  "x-sjis": "shift_jis",
  ms_kanji: "shift_jis",
  "windows-31j": "shift_jis",
  "euc-kr": "cp949",
  "ks_c_5601-1987": "cp949",
  "windows-949": "cp949",
  big5: "big5hkscs",
  "big5-hkscs": "big5hkscs",
  "x-x-big5": "big5hkscs",
  "cn-big5": "big5hkscs",
  utf8: "utf-8",
  "unicode-1-1-utf-8": "utf-8",
};

/** Canonical iconv-lite name for a charset label, or null when the label is unknown or unsupported. */
export function normaliseCharset(label: string | null | undefined): string | null {
  if (!label) return null;
  const cleaned = label
    .trim()
    .replace(/^["']|["']$/g, "")
    .toLowerCase();
  if (!cleaned) return null;
  const name = WHATWG_ALIASES[cleaned] ?? cleaned;
  return iconv.encodingExists(name) ? name : null;
}

export function charsetFromContentType(contentType: string | null | undefined): string | null {
  const match = /;\s*charset\s*=\s*("?)([^";,\s]+)\1/i.exec(contentType ?? "");
  return normaliseCharset(match?.[2]);
}

export function charsetFromBom(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return null;
}

const META_CHARSET = /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i;
const XML_DECLARATION = /^\s*<\?xml\b[^>]*?encoding\s*=\s*["']([\w.:-]+)["']/i;

export function charsetFromMarkup(bytes: Uint8Array): string | null {
  const head = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    Math.min(bytes.length, META_PRESCAN_BYTES),
  ).toString("latin1");
  const declared = META_CHARSET.exec(head)?.[1] ?? XML_DECLARATION.exec(head)?.[1];
  const charset = normaliseCharset(declared);
  // A page cannot declare UTF-16 from inside its own (ASCII-compatible) bytes: browsers read UTF-8.
  return charset?.startsWith("utf-16") ? "utf-8" : charset;
}

export function detectCharset(
  bytes: Uint8Array,
  contentType?: string | null,
): { charset: string | null; source: CharsetSource } {
  const bom = charsetFromBom(bytes);
  if (bom) return { charset: bom, source: "bom" };
  const header = charsetFromContentType(contentType);
  if (header) return { charset: header, source: "header" };
  const meta = charsetFromMarkup(bytes);
  if (meta) return { charset: meta, source: "meta" };
  return { charset: null, source: "default" };
}

/**
 * Bytes decoded at a time. A decoded string longer than V8's largest young-generation object (128 KB, so
 * 64K UTF-16 units) is placed in memory mapped for it alone, which the process then faults in page by page:
 * a 400 KB page's body decoded whole took 1.4-3.3 ms that way, most of it the kernel's (about 14 µs per
 * 4 KB page on a virtual machine), against about 0.1 ms in pieces of this size.
 */
export const DECODE_PIECE_BYTES = 32 * 1024;

/**
 * The body's text in the order it was decoded. A piece comes from at most DECODE_PIECE_BYTES bytes, plus the
 * rest of a character the piece before cut off, so it holds at most a few characters more than that.
 */
export interface DecodedPieces {
  pieces: string[];
  charset: string;
  source: CharsetSource;
}

/**
 * Decodes body bytes in pieces (see DECODE_PIECE_BYTES): joined, they are `decodeText`'s text. Undeclared
 * bytes are UTF-8 when they are valid UTF-8 (all of them), otherwise windows-1252.
 */
export function decodeTextPieces(bytes: Uint8Array, contentType?: string | null): DecodedPieces {
  const { charset, source } = detectCharset(bytes, contentType);
  if (charset === "utf-8") return { pieces: piecesOf(bytes, utf8Decoder(false)), charset, source };
  if (charset) return { pieces: piecesOf(bytes, iconvDecoder(charset)), charset, source };
  try {
    return { pieces: piecesOf(bytes, utf8Decoder(true)), charset: "utf-8", source };
  } catch {
    return { pieces: piecesOf(bytes, iconvDecoder("windows-1252")), charset: "windows-1252", source };
  }
}

/** Decodes body bytes whole (the pieces of `decodeTextPieces`, joined). */
export function decodeText(bytes: Uint8Array, contentType?: string | null): DecodedText {
  const { pieces, charset, source } = decodeTextPieces(bytes, contentType);
  return { text: pieces.join(""), charset, source };
}

/** A streaming decoder: `write` keeps a character cut at a piece's end for the next piece, `end` flushes. */
interface PieceDecoder {
  write(bytes: Uint8Array): string;
  end(): string;
}

/**
 * UTF-8, BOM dropped; malformed bytes become U+FFFD (as iconv-lite does), or throw when `fatal`.
 */
function utf8Decoder(fatal: boolean): PieceDecoder {
  const decoder = new TextDecoder("utf-8", { fatal });
  return { write: (bytes) => decoder.decode(bytes, { stream: true }), end: () => decoder.decode() };
}

/** iconv-lite's decoder for `charset` (it drops a BOM too). */
function iconvDecoder(charset: string): PieceDecoder {
  const decoder = iconv.getDecoder(charset);
  return {
    write: (bytes) => decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    end: () => decoder.end() ?? "",
  };
}

function piecesOf(bytes: Uint8Array, decoder: PieceDecoder): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < bytes.byteLength; at += DECODE_PIECE_BYTES) {
    const piece = decoder.write(bytes.subarray(at, at + DECODE_PIECE_BYTES));
    if (piece !== "") pieces.push(piece);
  }
  const rest = decoder.end();
  if (rest !== "") pieces.push(rest);
  return pieces.length > 0 ? pieces : [""];
}
