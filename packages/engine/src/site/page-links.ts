/**
 * The links of one crawled HTML page: `<a href>` and `<area href>`, resolved against the page's address (or
 * its `<base href>`), fragments dropped. Streamed (no DOM), so a large page costs its links only.
 */
import { Parser } from "htmlparser2";

/** Links read from one page at most (a page listing more is read up to here). */
export const MAX_LINKS_PER_PAGE = 5_000;

export function pageLinks(html: string, pageUrl: string): string[] {
  let base = pageUrl;
  const links: string[] = [];
  const seen = new Set<string>();
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "base" && attributes.href && URL.canParse(attributes.href, pageUrl)) {
          base = new URL(attributes.href, pageUrl).href;
          return;
        }
        if ((name !== "a" && name !== "area") || attributes.href === undefined) return;
        if (links.length >= MAX_LINKS_PER_PAGE) return;
        const link = withoutFragment(attributes.href.trim(), base);
        if (link !== null && !seen.has(link)) {
          seen.add(link);
          links.push(link);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return links;
}

/** An http(s) address without its fragment, or null for anything else (mailto:, javascript:, bad). */
export function withoutFragment(href: string, base?: string): string | null {
  if (!URL.canParse(href, base)) return null;
  const url = new URL(href, base);
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  return url.href;
}
