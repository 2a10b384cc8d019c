import type { AnyNode, Element, ParentNode } from "domhandler";
import type { ImageReference } from "./images";
import { LineBuilder } from "./line-builder";
import { maxStructureDepth, pathSegment } from "./structure";
import { blockTags, furnitureTags, skippedTags, spacedTags } from "./tags";
import { isHiddenElement } from "./visibility";

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
  paths: Set<string>;
  /** Visible elements with at least three element children, outside page furniture: item candidates. */
  listParents: ParentNode[];
  /** Whether the page (or scope) contains an `<article>` element. */
  hasArticleElement: boolean;
  /** A visible add-to-cart / buy control (form action, button, link), whatever the page's language. */
  hasPurchaseControl: boolean;
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
const priceHint = /price|preis|prix|precio|prezzo|prijs|preco|cena|cost|amount/i;
const priceExclusion =
  /old|was|regular|strike|list-?price|compare|original|before|msrp|rrp|uvp|saving|discount|per-?unit|unit-?price|shipping|range-?filter|filter|slider/i;
const stockHint = /stock|availab|inventory|lager|dispon|verfueg|verfüg|delivery-?status/i;
const maxHintElements = 60;
const purchaseControl =
  /(?:add|buy)[-_/ ]?(?:to[-_ ]?)?(?:cart|basket|bag|trolley)|(?:cart|basket|bag)[-_/]?add|button[-_]cart|buy[-_]?(?:now|button|btn|process|product)/i;
const purchaseTags = new Set(["form", "button", "input", "a"]);

interface Frame {
  element: Element;
  separated: boolean;
  block: boolean;
}

export function walkPage(roots: AnyNode[]): PageFacts {
  const facts: PageFacts = {
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
    paths: new Set(),
    listParents: [],
    hasArticleElement: false,
    hasPurchaseControl: false,
  };
  const lines = new LineBuilder();
  // Parallel stacks: a node to visit, or (when the node is null) the frame of an element being closed.
  const nodes: (AnyNode | null)[] = [];
  const closing: (Frame | null)[] = [];
  // Element paths are interned: an id per distinct (parent path, segment), the full string built once.
  const pathStack: number[] = [];
  const pathIds = new Map<string, number>();
  const pathNames: string[] = [];
  const visiblePaths = new Set<number>();
  let suppressed = 0; // > 0 inside head or a hidden subtree: structured data only, nothing visible
  const suppressors: Element[] = [];
  let furniture = 0;
  let preformatted = 0;

  for (let r = roots.length - 1; r >= 0; r--) {
    nodes.push(roots[r] as AnyNode);
    closing.push(null);
  }

  while (nodes.length > 0) {
    const node = nodes.pop() as AnyNode | null;
    const frame = closing.pop() as Frame | null;
    if (node === null) {
      const el = (frame as Frame).element;
      if (frame?.block) lines.breakLine();
      else if (frame?.separated) lines.space();
      if (suppressors[suppressors.length - 1] === el) {
        suppressors.pop();
        suppressed--;
      }
      if (furnitureTags.has(el.name)) furniture--;
      if (el.name === "pre") preformatted--;
      pathStack.pop();
      continue;
    }
    if (node.type === "text") {
      if (suppressed === 0) {
        if (preformatted > 0) lines.addPreformatted(node.data);
        else lines.add(node.data);
      }
      continue;
    }
    if (node.type === "script") {
      const type = node.attribs.type?.toLowerCase();
      if (type === "application/ld+json" && node.children[0]?.type === "text")
        facts.jsonLd.push(node.children[0].data);
      continue;
    }
    if (node.type === "root") {
      // A bare fragment (a link list without <html>) has its entries at the top level.
      if (node.children.length >= 3) facts.listParents.push(node);
      for (let i = node.children.length - 1; i >= 0; i--) {
        nodes.push(node.children[i] as AnyNode);
        closing.push(null);
      }
      continue;
    }
    if (node.type !== "tag") continue;

    const el = node;
    const name = el.name;
    collectHeadFacts(el, facts);
    collectMarkup(el, facts);
    if (skippedTags.has(name) && name !== "head") continue;

    const hidden = name === "head" || isHiddenElement(el);
    if (hidden) {
      suppressed++;
      suppressors.push(el);
    }
    const visible = suppressed === 0;
    const depth = pathStack.length;
    const parentPath = depth === 0 ? -1 : (pathStack[depth - 1] as number);
    let pathId = parentPath;
    if (depth < maxStructureDepth) {
      const segment = pathSegment(el);
      const key = `${parentPath}>${segment}`;
      const known = pathIds.get(key);
      if (known === undefined) {
        pathId = pathNames.length;
        pathNames.push(parentPath < 0 ? segment : `${pathNames[parentPath]}>${segment}`);
        pathIds.set(key, pathId);
      } else {
        pathId = known;
      }
    }
    pathStack.push(pathId);

    const block = blockTags.has(name);
    const separated = spacedTags.has(name);
    if (visible) {
      if (depth < maxStructureDepth && name !== "html") visiblePaths.add(pathId);
      if (block) lines.breakLine();
      else if (separated) lines.space();
      collectVisible(el, facts, lines, furniture);
    }
    if (furnitureTags.has(name)) furniture++;
    if (name === "pre") preformatted++;

    nodes.push(null);
    closing.push({ element: el, separated, block });
    const children = el.children;
    for (let i = children.length - 1; i >= 0; i--) {
      nodes.push(children[i] as AnyNode);
      closing.push(null);
    }
  }
  lines.breakLine();
  facts.lines = lines.lines;
  for (const id of visiblePaths) facts.paths.add(pathNames[id] as string);
  return facts;
}

function collectHeadFacts(el: Element, facts: PageFacts): void {
  const a = el.attribs;
  switch (el.name) {
    case "html":
      if (facts.lang === null && a.lang) facts.lang = a.lang.toLowerCase();
      break;
    case "title":
      if (facts.title === null && el.children[0]?.type === "text") facts.title = el.children[0].data;
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

function collectMarkup(el: Element, facts: PageFacts): void {
  const a = el.attribs;
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

function collectVisible(el: Element, facts: PageFacts, lines: LineBuilder, furniture: number): void {
  const a = el.attribs;
  const name = el.name;
  if (name === "img") {
    pushImage(facts, a);
  } else if (name === "source") {
    if (a.srcset) facts.images.push({ src: null, srcset: a.srcset });
  } else if (name === "h1") {
    if (facts.headingLines.length < 10) facts.headingLines.push(lines.lines.length);
  } else if (name === "article") {
    facts.hasArticleElement = true;
  } else if (name === "input") {
    const type = a.type?.toLowerCase();
    if ((type === "submit" || type === "button") && a.value) lines.add(` ${a.value} `);
  }
  if (!facts.hasPurchaseControl && purchaseTags.has(name)) {
    const target = `${a.action ?? ""} ${a.id ?? ""} ${a.class ?? ""} ${a.name ?? ""} ${name === "a" ? (a.href ?? "") : ""}`;
    facts.hasPurchaseControl = purchaseControl.test(target);
  }
  const hint = `${a.class ?? ""} ${a.id ?? ""} ${a.itemprop ?? ""} ${a["data-testid"] ?? ""}`;
  if (hint.length > 3) {
    const line = lines.lines.length;
    if (facts.priceElements.length < maxHintElements && priceHint.test(hint) && !priceExclusion.test(hint)) {
      facts.priceElements.push({ element: el, line });
    }
    if (facts.stockElements.length < maxHintElements && stockHint.test(hint))
      facts.stockElements.push({ element: el, line });
  }
  if (furniture === 0 && el.children.length >= 3) facts.listParents.push(el);
}

function pushImage(facts: PageFacts, a: Record<string, string>): void {
  if (a.width === "1" && a.height === "1") return;
  const src =
    a.src && !a.src.startsWith("data:") ? a.src : (a["data-src"] ?? a["data-lazy-src"] ?? a.src ?? null);
  const srcset = a.srcset ?? a["data-srcset"] ?? null;
  if (src !== null || srcset !== null) facts.images.push({ src, srcset });
}
