/**
 * Reads a sitemap (sitemaps.org protocol): a `<urlset>` of page addresses or a `<sitemapindex>` of further
 * sitemaps. Streamed through htmlparser2 in XML mode, so a 50,000-entry file costs its addresses, not a DOM.
 * A gzip'd file (`sitemap.xml.gz`, served as bytes rather than with a Content-Encoding) is unpacked first,
 * with a cap on what it unpacks to.
 */
import { gunzipSync } from "node:zlib";
import { Parser } from "htmlparser2";

export interface ParsedSitemap {
  kind: "urlset" | "index";
  /** The `<loc>` of each entry, trimmed, in document order. */
  locations: string[];
}

/** What one sitemap file may unpack to (the protocol's own limit is 50 MB). */
export const MAX_SITEMAP_BYTES = 20 * 1024 * 1024;

export class SitemapFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SitemapFormatError";
  }
}

/** Thrown inside the parse to stop it once `limit` page addresses are read. */
class EnoughEntries extends Error {}

const localName = (name: string): string => name.slice(name.lastIndexOf(":") + 1).toLowerCase();

function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The text of a sitemap body: gzip'd bytes are unpacked (capped), anything else is the decoded text. */
export function sitemapText(bytes: Uint8Array, decoded: () => string): string {
  if (!isGzip(bytes)) return decoded();
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_SITEMAP_BYTES }).toString("utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new SitemapFormatError(
      code === "ERR_BUFFER_TOO_LARGE"
        ? `The gzip'd sitemap unpacks to more than ${MAX_SITEMAP_BYTES / 1024 / 1024} MB`
        : "The gzip'd sitemap is not valid gzip data",
    );
  }
}

/**
 * The entries of a sitemap. `limit` stops the parse once that many page addresses are read; an index's
 * sitemaps are all kept (the caller bounds how many it reads). Anything that is neither a urlset nor a
 * sitemap index is a SitemapFormatError with a plain reason.
 */
export function parseSitemap(xml: string, limit = Number.POSITIVE_INFINITY): ParsedSitemap {
  let root: string | null = null;
  let inEntry = false;
  let inLoc = false;
  let text = "";
  const locations: string[] = [];
  const parser = new Parser(
    {
      onopentag(name) {
        const local = localName(name);
        if (root === null) {
          root = local;
          return;
        }
        if (local === "url" || local === "sitemap") inEntry = true;
        else if (local === "loc" && inEntry) {
          inLoc = true;
          text = "";
        }
      },
      ontext(data) {
        if (inLoc) text += data;
      },
      onclosetag(name) {
        const local = localName(name);
        if (local === "loc" && inLoc) {
          inLoc = false;
          const location = decodeEntities(text.trim());
          if (location !== "" && (root === "sitemapindex" || locations.length < limit))
            locations.push(location);
          // The rest of a long urlset is not needed once the caller has what it asked for.
          if (root === "urlset" && locations.length >= limit) throw new EnoughEntries();
        } else if (local === "url" || local === "sitemap") inEntry = false;
      },
    },
    { xmlMode: true, decodeEntities: false },
  );
  try {
    parser.write(xml);
    parser.end();
  } catch (error) {
    if (!(error instanceof EnoughEntries)) throw error;
  }
  if (root === "urlset") return { kind: "urlset", locations };
  if (root === "sitemapindex") return { kind: "index", locations };
  throw new SitemapFormatError(
    root === null
      ? "The sitemap is empty or not XML"
      : `This is not a sitemap: its root element is <${root}>, not <urlset> or <sitemapindex>`,
  );
}

/** The five XML entities and numeric references (a sitemap must escape `&` in its URLs). */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower === "amp") return "&";
    if (lower === "lt") return "<";
    if (lower === "gt") return ">";
    if (lower === "quot") return '"';
    if (lower === "apos") return "'";
    const code = lower.startsWith("#x") ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
