import type { AnyNode, Document, Element } from "domhandler";
import type { Availability, Price, Scope, Snapshot } from "../../snapshot";
import { pickAvailability, visibleAvailability } from "../availability/pick-availability";
import { htmlItems } from "../items/html-items";
import type { PageText } from "../page-text";
import { localeHints } from "../price/currency";
import { readJsonLd } from "../price/json-ld";
import { readMarkup } from "../price/markup";
import { pickPrice } from "../price/pick-price";
import { priceUnderTheName } from "../price/visible-price";
import { selectHtmlScope } from "../scope";
import { resolveImages } from "./images";
import { collapseWhitespace } from "./line-builder";
import { parseCapped } from "./parse-capped";
import { parseAndWalk } from "./parse-walk";
import { structureFingerprint } from "./structure";
import { type PageFacts, walkPage } from "./walk";

/** A page with at most this many elements named "the price" shows one product, not a listing of tiles. */
const singleProductPriceElements = 3;
/** Class or id naming the price itself ("price", "product-price", "price-current"), not "price-note". */
const thePriceName = /^(?:product[-_]?)?price(?:[-_]+(?:current|now|sale|value|amount|final))?$/i;

function showsOnePrice(facts: PageFacts): boolean {
  const named = facts.priceElements.filter(({ element }) =>
    [element.attribs.id ?? "", ...(element.attribs.class ?? "").split(/\s+/)].some((token) =>
      thePriceName.test(token),
    ),
  ).length;
  return named > 0 && named <= singleProductPriceElements;
}

export function extractHtml(url: string, html: PageText, scope: Scope | undefined): Snapshot {
  let facts: PageFacts;
  let head: PageFacts;
  let scopeMatched: boolean | null = null;
  if (scope === undefined) {
    facts = parseAndWalk(html).facts;
    head = facts;
  } else {
    const doc = parseCapped(html);
    const roots = selectHtmlScope(doc, scope);
    scopeMatched = roots.length > 0;
    facts = walkPage(roots);
    const headElement = findHead(doc);
    head = headElement === null ? facts : walkPage([headElement]);
    head.lang ??= facts.lang;
  }
  const base = baseUrl(url, head.baseHref);
  const hints = localeHints(url, head.lang);
  const jsonLd = readJsonLd(facts.jsonLd);
  const markup = readMarkup(facts.markup, hints);
  const ogType = head.meta.get("og:type")?.toLowerCase() ?? "";
  // Editorial pages may carry paywall product meta in their head: not a shop page, so no price or stock.
  // A page that calls itself an article but shows a price right under the name of what it offers (a
  // classified ad) is not editorial.
  const editorial =
    (ogType.startsWith("article") || jsonLd.hasArticle) &&
    !jsonLd.hasProduct &&
    markup.length === 0 &&
    !priceUnderTheName(facts, hints);
  let price: Price | null = null;
  let availability: Availability = "unknown";
  if (!editorial && scopeMatched !== false) {
    const shown = visibleAvailability(facts);
    const productPage =
      jsonLd.hasProduct ||
      markup.length > 0 ||
      ogType.includes("product") ||
      [...head.meta.keys()].some((k) => k.startsWith("product:")) ||
      facts.hasPurchaseControl ||
      shown.strong !== null ||
      shown.weak !== null ||
      // The user pointed at this part of the page, or it shows one price rather than a listing's many.
      scopeMatched === true ||
      showsOnePrice(facts) ||
      priceUnderTheName(facts, hints);
    price = pickPrice({ productPage, jsonLd: jsonLd.offers, markup, page: facts, hints });
    const stock = pickAvailability([...jsonLd.offers, ...markup], facts.meta, shown);
    availability = stock.availability;
    // A product page that shows a price and says nothing about stock sells it (as a visitor reads it);
    // evidence that disagrees stays "unknown".
    if (
      availability === "unknown" &&
      !stock.conflict &&
      price !== null &&
      (price.source !== "text" || facts.headingLines.length > 0)
    ) {
      availability = "in_stock";
    }
  }
  const title = head.title ?? head.meta.get("og:title") ?? null;
  return {
    version: 1,
    url,
    format: "html",
    title: title === null ? null : collapseWhitespace(title) || null,
    lines: facts.lines,
    price,
    availability,
    items: htmlItems(facts.listParents, base),
    images: resolveImages(facts.images, base, scope === undefined ? facts.meta.get("og:image") : undefined),
    structure: structureFingerprint(facts.paths, { sorted: true }),
    scopeMatched,
  };
}

function findHead(doc: Document): Element | null {
  for (const top of doc.children) {
    if (top.type !== "tag") continue;
    if (top.name === "head") return top;
    for (const child of top.children as AnyNode[])
      if (child.type === "tag" && child.name === "head") return child;
  }
  return null;
}

function baseUrl(pageUrl: string, baseHref: string | null): string | undefined {
  try {
    return new URL(baseHref ?? pageUrl, pageUrl).href;
  } catch {
    try {
      return new URL(pageUrl).href;
    } catch {
      return undefined;
    }
  }
}
