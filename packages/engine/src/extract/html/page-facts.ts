import type { Element, ParentNode } from "domhandler";
import { type BuyControl, controlKindOf, isDisabledControl } from "../availability/buy-controls";
import { statedAvailability } from "../availability/text-cues";
import type { ClassFacts } from "./class-facts";
import { hintsOf, notPriceFlag, priceFlag, stockFlag } from "./element-hints";
import { type ImageReference, insideAdSlot } from "./images";
import type { LineBuilder } from "./line-builder";
import { textOf } from "./text-of";
import type { WalkAttributes } from "./walk-attributes";

/** Everything the extractors need, gathered in one iterative pass over the parsed page. */
export interface PageFacts {
  lines: string[];
  /** First `<title>` text. */
  title: string | null;
  lang: string | null;
  baseHref: string | null;
  /** `<meta property|name|itemprop>` → content, first occurrence wins, keys lower-cased. */
  meta: Map<string, string>;
  jsonLd: string[];
  /** Elements carrying microdata (`itemprop`) or RDFa (`property`) price/currency/availability, in order. */
  markup: MarkupField[];
  /** Visible elements whose class/id says "price", with the line count when they started. */
  priceElements: PositionedElement[];
  /** Visible elements whose class/id says stock/availability. */
  stockElements: PositionedElement[];
  /** Line indexes where visible `<h1>` elements start (the product title is one of them), at most ten. */
  headingLines: number[];
  /** Image references in page order (unresolved). */
  images: ImageReference[];
  /** Visible element paths, distinct and sorted. */
  paths: string[];
  /** Visible elements with at least three element children, outside page furniture: item candidates. */
  listParents: ParentNode[];
  /** A visible add-to-cart / buy control (form action, button, link), whatever the page's language. */
  hasPurchaseControl: boolean;
  /** Visible buy and "notify me" controls with their state, in page order (at most 40). */
  buyControls: BuyControl[];
  /** Line indexes where visible `<h2>` / `<h3>` elements start (sections after the buy box), at most 50. */
  sectionLines: number[];
  /** Visible struck-through text elements (`<del>`, `<s>`, `<strike>`) with their line, at most 40. */
  struckElements: PositionedElement[];
}

export interface MarkupField {
  name: string;
  element: Element;
  source: "microdata" | "rdfa";
}

export interface PositionedElement {
  element: Element;
  line: number;
}

const markupNames = new Set(["price", "lowprice", "highprice", "pricecurrency", "availability"]);
const rdfaPrefixed = /^(?:schema:|gr:|product:price:|og:price:)/;
const maxHintElements = 60;

export function emptyPageFacts(): PageFacts {
  return {
    lines: [],
    title: null,
    lang: null,
    baseHref: null,
    meta: new Map(),
    jsonLd: [],
    markup: [],
    priceElements: [],
    stockElements: [],
    headingLines: [],
    images: [],
    paths: [],
    listParents: [],
    hasPurchaseControl: false,
    buyControls: [],
    sectionLines: [],
    struckElements: [],
  };
}

export function collectHeadFacts(el: Element, facts: PageFacts): void {
  const a = el.attribs;
  switch (el.name) {
    case "html":
      if (facts.lang === null && a.lang) facts.lang = a.lang.toLowerCase();
      break;
    case "base":
      if (facts.baseHref === null && a.href) facts.baseHref = a.href;
      break;
    case "meta": {
      const key = (a.property ?? a.name ?? a.itemprop)?.toLowerCase();
      const content = a.content;
      if (key !== undefined && content !== undefined && !facts.meta.has(key)) facts.meta.set(key, content);
      if (a["http-equiv"]?.toLowerCase() === "content-language" && content && facts.lang === null) {
        facts.lang = content.toLowerCase();
      }
      break;
    }
  }
}

export function collectMarkup(el: Element, facts: PageFacts, a: WalkAttributes): void {
  const itemprop = a.itemprop;
  if (itemprop !== undefined) {
    const name = itemprop.toLowerCase();
    if (markupNames.has(name)) facts.markup.push({ name, element: el, source: "microdata" });
  }
  const property = a.property;
  if (property !== undefined && el.name !== "meta") {
    const name = property.toLowerCase().replace(rdfaPrefixed, "");
    const normalised = name === "amount" ? "price" : name;
    if (markupNames.has(normalised)) facts.markup.push({ name: normalised, element: el, source: "rdfa" });
  }
}

/**
 * What a visible element shows by its name and attributes alone. Links, buttons and lists, which need
 * their content, are the walker's (page-walker.ts).
 */
export function collectVisible(
  el: Element,
  facts: PageFacts,
  lines: LineBuilder,
  classes: ClassFacts | undefined,
  attributes: WalkAttributes,
): void {
  const a = el.attribs;
  const name = el.name;
  if (name === "img") {
    if (!insideAdSlot(el)) pushImage(facts, a);
  } else if (name === "source") {
    if (a.srcset && !insideAdSlot(el)) facts.images.push({ src: null, srcset: a.srcset });
  } else if (name === "h1") {
    if (facts.headingLines.length < 10) facts.headingLines.push(lines.lines.length);
  } else if (name === "h2" || name === "h3") {
    if (facts.sectionLines.length < 50) facts.sectionLines.push(lines.lines.length);
  } else if (struckTags.has(name)) {
    if (facts.struckElements.length < maxStruckElements)
      facts.struckElements.push({ element: el, line: lines.lines.length });
  } else if (name === "input") {
    const type = attributes.type?.toLowerCase();
    if ((type === "submit" || type === "button") && a.value) lines.add(` ${a.value} `);
  }
  const hints =
    (classes === undefined ? 0 : classes.hints) |
    (attributes.id === undefined ? 0 : hintsOf(attributes.id)) |
    (attributes.itemprop === undefined ? 0 : hintsOf(attributes.itemprop)) |
    (attributes.testId === undefined ? 0 : hintsOf(attributes.testId));
  if (hints !== 0) {
    const line = lines.lines.length;
    if ((hints & (priceFlag | notPriceFlag)) === priceFlag && facts.priceElements.length < maxHintElements) {
      facts.priceElements.push({ element: el, line });
    }
    if (hints & stockFlag && facts.stockElements.length < maxHintElements)
      facts.stockElements.push({ element: el, line });
  }
}

export const maxBuyControls = 40;
const struckTags = new Set(["del", "s", "strike"]);
const maxStruckElements = 40;
const buttonLike = /btn|button/i;

export function collectBuyControl(el: Element, target: string, facts: PageFacts, line: number): void {
  const a = el.attribs;
  const name = el.name;
  const attributes = `${target} ${a["data-test"] ?? ""} ${a["data-testid"] ?? ""} ${a["data-cy"] ?? ""}`;
  let label = "";
  if (name === "input") {
    const type = a.type?.toLowerCase();
    if (type !== "submit" && type !== "button") return;
    label = a.value ?? "";
  } else if (name === "button" || (name === "a" && (a.role === "button" || buttonLike.test(a.class ?? "")))) {
    label = `${textOf(el, 80)} ${a["aria-label"] ?? ""} ${a.title ?? ""}`;
  }
  // A buy button whose label says "Sold out" is a buy button the visitor cannot use.
  const kind = labelAvailability(label) === "out_of_stock" ? "notify" : controlKindOf(attributes, label);
  if (kind !== null) facts.buyControls.push({ element: el, line, kind, disabled: isDisabledControl(el) });
}

/** Most controls are plain links without a label: what an empty label states is asked once. */
let emptyLabelAvailability: ReturnType<typeof statedAvailability> | undefined;

function labelAvailability(label: string): ReturnType<typeof statedAvailability> {
  if (label !== "") return statedAvailability(label);
  if (emptyLabelAvailability === undefined) emptyLabelAvailability = statedAvailability("");
  return emptyLabelAvailability;
}

function pushImage(facts: PageFacts, a: Record<string, string>): void {
  if (a.width === "1" && a.height === "1") return;
  const src =
    a.src && !a.src.startsWith("data:") ? a.src : (a["data-src"] ?? a["data-lazy-src"] ?? a.src ?? null);
  const srcset = a.srcset ?? a["data-srcset"] ?? null;
  if (src !== null || srcset !== null) facts.images.push({ src, srcset });
}
