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

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** UTF-8 through Node's native decoder (malformed bytes become U+FFFD, as iconv-lite does), BOM dropped. */
function utf8WithoutBom(buffer: Buffer): string {
  const text = buffer.toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Decodes body bytes. Undeclared bytes are UTF-8 when they are valid UTF-8, otherwise windows-1252. */
export function decodeText(bytes: Uint8Array, contentType?: string | null): DecodedText {
  const { charset, source } = detectCharset(bytes, contentType);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (charset === "utf-8") return { text: utf8WithoutBom(buffer), charset, source };
  if (charset) return { text: iconv.decode(buffer, charset), charset, source };
  try {
    return { text: strictUtf8.decode(buffer), charset: "utf-8", source };
  } catch {
    return { text: iconv.decode(buffer, "windows-1252"), charset: "windows-1252", source };
  }
}
