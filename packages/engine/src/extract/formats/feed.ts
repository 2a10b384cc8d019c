import type { AnyNode, Element } from "domhandler";
import type { Item, Snapshot } from "../../snapshot";
import { absoluteUrl } from "../html/images";
import { collapseWhitespace } from "../html/line-builder";
import { parseCapped } from "../html/parse-capped";
import { textOf } from "../html/text-of";
import { itemKey } from "../items/item-key";
import { emptyStructure } from "./empty";

/** RSS 2.0 / RSS 1.0 (RDF) / Atom: entries with title and link; lines are the titles and summaries. */
export function extractFeed(url: string, xml: string): Snapshot {
  const doc = parseCapped(xml, { xmlMode: true });
  const entries = elementsNamed(doc.children, new Set(["item", "entry"]));
  const channel = elementsNamed(doc.children, new Set(["channel", "feed"]))[0];
  const feedTitle = channel === undefined ? null : childText(channel, "title");
  const lines: string[] = feedTitle ? [feedTitle] : [];
  const items: Item[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const title = childText(entry, "title") ?? "";
    const link = entryLink(entry);
    const resolved =
      link === null ? null : (absoluteUrl(link, URL.canParse(url) ? url : undefined)?.href ?? null);
    const id = childText(entry, "guid") ?? childText(entry, "id");
    if (title !== "") lines.push(title);
    const summary =
      childText(entry, "description") ?? childText(entry, "summary") ?? childText(entry, "content");
    if (summary) lines.push(htmlToText(summary));
    const key = resolved ?? (id !== null ? `id:${id}` : itemKey(null, title));
    if ((title === "" && resolved === null) || seen.has(key)) continue;
    seen.add(key);
    items.push({ title, url: resolved, key });
  }
  return {
    version: 1,
    url,
    format: "feed",
    title: feedTitle,
    lines: lines.filter((l) => l !== ""),
    price: null,
    availability: "unknown",
    items,
    images: [],
    structure: emptyStructure(),
    scopeMatched: null,
  };
}

function elementsNamed(roots: AnyNode[], names: Set<string>): Element[] {
  const out: Element[] = [];
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type !== "tag") continue;
    if (names.has(localName(node))) {
      out.push(node);
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return out;
}

const localName = (el: Element) => el.name.toLowerCase().replace(/^.*:/, "");

function childText(el: Element, name: string): string | null {
  for (const child of el.children) {
    if (child.type === "tag" && localName(child) === name)
      return collapseWhitespace(textOf(child, 2000)) || null;
  }
  return null;
}

function entryLink(entry: Element): string | null {
  let fallback: string | null = null;
  for (const child of entry.children) {
    if (child.type !== "tag" || localName(child) !== "link") continue;
    const href = child.attribs.href;
    if (href === undefined) return collapseWhitespace(textOf(child, 2000)) || null;
    const rel = child.attribs.rel ?? "alternate";
    if (rel === "alternate") return href;
    fallback ??= href;
  }
  return fallback;
}

/** Feed summaries carry escaped HTML: keep the text. */
function htmlToText(html: string): string {
  if (!html.includes("<")) return html;
  return textOf(parseCapped(html), 2000);
}
