/** Real changes a visitor would notice, applied to the raw HTML of a saved page. */
import type { WatchKind } from "@changeradar/contracts";
import type { Element } from "domhandler";
import { textContent } from "domutils";
import { maxItems } from "../../../src/extract/items/html-items";
import type { Snapshot } from "../../../src/snapshot";
import type { CorpusPage } from "./corpus";
import {
  elements,
  hashOf,
  insideFurniture,
  isVisible,
  pickSpread,
  repeatedEntry,
  replaceRange,
  resolveUrl,
  span,
  visibleTextNodes,
} from "./dom-targets";
import { discounted, rewritePrice } from "./price-forms";

export interface RealMutation {
  name: string;
  /** The kind that must be reported. */
  expected: WatchKind;
  /** The mutated page, or null when the mutation does not apply to this page. */
  apply(html: string, snapshot: Snapshot, page: CorpusPage): string | null;
  /**
   * Instead of `apply`: the (before, after) pair, for changes that need a before different from the page
   * as saved (a list that grows from two entries to three).
   */
  pair?(html: string, snapshot: Snapshot, page: CorpusPage): [string, string] | null;
  /** Items the change adds: the diff and the summary must count exactly this many. */
  addsItems?: number;
}

const IN_STOCK_SCHEMA = /\b(?:InStock|InStoreOnly|OnlineOnly|LimitedAvailability)\b/g;
const OUT_OF_STOCK_SCHEMA = /\b(?:OutOfStock|SoldOut|Discontinued)\b/g;
const IN_STOCK_TEXT =
  /(?<![\p{L}])(?:in stock|add to (?:cart|basket|bag)|buy now|auf lager|in den warenkorb|en stock|ajouter au panier|añadir al carrito|agregar al carrito|aggiungi al carrello|op voorraad|em estoque|adicionar ao carrinho|comprar agora|lieferbar|sofort verfügbar|vorrätig)(?![\p{L}])/giu;
const OUT_OF_STOCK_TEXT =
  /(?<![\p{L}])(?:(?:attualmente |actualmente |momentan )?(?:non disponibile|no disponible|nicht (?:mehr )?(?:verfügbar|lieferbar))|indisponible|niet leverbaar|out of stock|sold out|currently unavailable|no longer available|temporarily unavailable|ausverkauft|agotado|esgotado|épuisé|rupture de stock|esaurito|uitverkocht)(?![\p{L}])/giu;
const META_IN_STOCK = /(content=["'])(?:in stock|instock|available)(["'])/gi;
const META_OUT_OF_STOCK = /(content=["'])(?:out of stock|oos|outofstock|sold out)(["'])/gi;

/** Shops show the status next to the product name: a visible notice right after the product's <h1>. */
function noticeAfterHeading(html: string, snapshot: Snapshot, notice: string): string {
  const headings = elements(html, "h1").filter(isVisible);
  const shown = new Set(snapshot.lines);
  const heading = headings.find((h) => shown.has(textContent(h).replace(/\s+/g, " ").trim())) ?? headings[0];
  if (!heading) return html;
  const at = span(heading).end;
  return `${html.slice(0, at)}<p class="availability">${notice}</p>${html.slice(at)}`;
}

function flipStock(html: string, snapshot: Snapshot): string | null {
  let result = html;
  if (snapshot.availability === "in_stock" || snapshot.availability === "limited") {
    result = noticeAfterHeading(result, snapshot, "Out of stock")
      .replace(IN_STOCK_SCHEMA, "OutOfStock")
      .replace(META_IN_STOCK, "$1out of stock$2")
      .replace(IN_STOCK_TEXT, "Sold out")
      .replace(
        /(?<![\p{L}])(?:only \d+ left|few left|low stock|limited stock|nur noch \d+)(?![\p{L}])/giu,
        "Sold out",
      );
  } else if (snapshot.availability === "out_of_stock") {
    result = noticeAfterHeading(result, snapshot, "In stock")
      .replace(OUT_OF_STOCK_SCHEMA, "InStock")
      .replace(META_OUT_OF_STOCK, "$1in stock$2")
      .replace(OUT_OF_STOCK_TEXT, "In stock");
  } else {
    return null;
  }
  return result === html ? null : result;
}

function changePrice(html: string, snapshot: Snapshot): string | null {
  if (!snapshot.price) return null;
  return rewritePrice(html, snapshot.price.amount, discounted(snapshot.price.amount));
}

/** The first clone number whose link the page does not carry yet (1 for the first clone). */
function cloneNumber(html: string): number {
  let copy = 1;
  while (html.includes(copy === 1 ? "/zebracorn-sighting" : `/zebracorn-sighting-${copy}`)) copy++;
  return copy;
}

/** Clone one of the page's repeated entries with a new link and title, right after the original. */
function addItem(html: string, snapshot: Snapshot, page: CorpusPage): string | null {
  const linked = snapshot.items.filter((item) => item.url !== null);
  if (linked.length < 2) return null;
  const anchors = elements(html, "a");
  const salt = hashOf(page.file);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const item = pickSpread(linked, salt + attempt)!;
    const title = item.title.trim();
    const candidates = anchors.filter(
      (a) =>
        a.attribs.href !== undefined &&
        resolveUrl(a.attribs.href, snapshot.url) === item.url &&
        textContent(a).trim() !== "" &&
        isVisible(a) &&
        !insideFurniture(a) &&
        repeatedEntry(a) !== null,
    );
    // The link the extractor read the title from, if there is one.
    const anchor =
      candidates.find((a) => textContent(a).replace(/\s+/g, " ").trim() === title) ?? candidates[0];
    const entry = anchor && repeatedEntry(anchor);
    if (!anchor || !entry) continue;
    const at = span(entry);
    const original = html.slice(at.start, at.end);
    const anchorStart = (anchor.startIndex ?? 0) - at.start;
    const hrefAttribute = /\shref\s*=\s*["']?([^"'\s>]*)/i.exec(
      original.slice(anchorStart, original.indexOf(">", anchorStart)),
    );
    if (!hrefAttribute) continue;
    const rawHref = hrefAttribute[1];
    const hrefIndex = anchorStart + hrefAttribute.index + hrefAttribute[0].length - rawHref.length;
    // Applied again to the same page (rounds of the workload), the clone must still be a new entry: a copy
    // with the link and title of an earlier clone is the same entry twice, not a new one.
    const copy = cloneNumber(html);
    const slug = copy === 1 ? "zebracorn-sighting" : `zebracorn-sighting-${copy}`;
    const newTitle = copy === 1 ? "Zebracorn sighting confirmed" : `Zebracorn sighting ${copy} confirmed`;
    const newHref = rawHref.includes("?")
      ? rawHref.replace("?", `/${slug}?`)
      : `${rawHref.replace(/\/$/, "")}/${slug}`;
    let clone = original.slice(0, hrefIndex) + newHref + original.slice(hrefIndex + rawHref.length);
    // The title is replaced in the text, never inside an attribute.
    const titleAt = title ? clone.indexOf(title, clone.indexOf(">", anchorStart)) : -1;
    if (titleAt >= 0) clone = `${clone.slice(0, titleAt)}${newTitle}${clone.slice(titleAt + title.length)}`;
    else {
      // The entry's title is not in the cloned element (it came from elsewhere in the entry): the new
      // link gets the new title as its text, or the clone would show the page's text twice, nothing new.
      const textStart = clone.indexOf(">", anchorStart) + 1;
      const textEnd = clone.indexOf("</a", textStart);
      if (textStart > 0 && textEnd > textStart)
        clone = `${clone.slice(0, textStart)}${newTitle}${clone.slice(textEnd)}`;
    }
    return replaceRange(html, { start: at.end, end: at.end }, clone);
  }
  return null;
}

/** A new image file where the page showed another one: every reference to the old file changes. */
function swapImage(html: string, snapshot: Snapshot): string | null {
  const shown = new Set(snapshot.images);
  const image = elements(html, "img").find((img) => {
    const src = img.attribs.src;
    return (
      src !== undefined &&
      src.length > 8 &&
      !src.startsWith("data:") &&
      shown.has(resolveUrl(src, snapshot.url) ?? "")
    );
  });
  if (!image) return null;
  const src = image.attribs.src;
  const swapped = src.replace(/([^/?#]+)(?=(?:[?#].*)?$)/, "swapped-$1");
  const replacement = swapped === src ? `${src}-swapped` : swapped;
  const escaped = (text: string) => text.replace(/&/g, "&amp;");
  const result = html.split(src).join(replacement).split(escaped(src)).join(escaped(replacement));
  return result === html ? null : result;
}

const EDITABLE_WORD = /(?<![\p{L}\p{N}&#;])[\p{L}]{5,}(?![\p{L}\p{N}])/gu;

function editParagraph(html: string, snapshot: Snapshot, page: CorpusPage): string | null {
  const candidates = visibleTextNodes(html, snapshot.lines);
  const node = pickSpread(candidates, hashOf(page.file));
  if (!node) return null;
  const at = span(node);
  const raw = html.slice(at.start, at.end);
  const words = [...raw.matchAll(EDITABLE_WORD)];
  const word = words[Math.floor(words.length / 2)];
  if (!word || word.index === undefined) return null;
  const edited = `${raw.slice(0, word.index)}zebracorn${raw.slice(word.index + word[0].length)}`;
  return replaceRange(html, at, edited);
}

const REMOVABLE = new Set([
  "p",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "dd",
  "dt",
  "figcaption",
  "td",
  "div",
  "span",
  "a",
  "section",
  "article",
]);

function removeElement(html: string, snapshot: Snapshot, page: CorpusPage): string | null {
  const candidates = visibleTextNodes(html, snapshot.lines);
  const node = pickSpread(candidates, hashOf(page.file) + 1);
  if (!node) return null;
  let element = node.parent as Element | null;
  while (element && element.type === "tag" && !REMOVABLE.has(element.name))
    element = element.parent as Element | null;
  if (element?.type !== "tag") return null;
  return replaceRange(html, span(element), "");
}

/** Right after the opening <body> tag: where a page's own lists start, inside the engine's item cap. */
function injectAtBodyStart(html: string, fragment: string): string {
  // The first <body> tag outside a script: some pages write "<body onload=…>" inside a script string first.
  const lower = html.toLowerCase();
  for (const body of html.matchAll(/<body\b[^>]*>/gi)) {
    if (lower.lastIndexOf("<script", body.index) > lower.lastIndexOf("</script", body.index)) continue;
    const at = body.index + body[0].length;
    return html.slice(0, at) + fragment + html.slice(at);
  }
  return fragment + html;
}

/** A list of two release notes that grows to three: one new item, not three (item identity holds). */
function listGrowth(html: string, snapshot: Snapshot, page: CorpusPage): [string, string] | null {
  // Pages already listing as many entries as the engine keeps cannot show one more.
  if (hashOf(page.file) % 2 !== 0 || snapshot.items.length >= maxItems - 3) return null;
  const entry = (name: string) =>
    `<li class="release-note"><a href="/releases/${name.toLowerCase()}-notes">Release ${name} notes</a></li>`;
  const list = (names: string[]) => `<ul class="release-notes">${names.map(entry).join("")}</ul>`;
  return [
    injectAtBodyStart(html, list(["Aurora", "Borealis"])),
    injectAtBodyStart(html, list(["Aurora", "Borealis", "Cassiopeia"])),
  ];
}

export const realHtmlMutations: readonly RealMutation[] = [
  { name: "list growth", expected: "new_content", apply: () => null, pair: listGrowth, addsItems: 1 },
  { name: "price change", expected: "price", apply: changePrice },
  { name: "stock flip", expected: "stock", apply: flipStock },
  { name: "new item", expected: "new_content", apply: addItem },
  { name: "image swap", expected: "images", apply: swapImage },
  { name: "paragraph edit", expected: "text", apply: editParagraph },
  { name: "element removed", expected: "text", apply: removeElement },
];
