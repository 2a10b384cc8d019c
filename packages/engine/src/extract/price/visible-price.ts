import type { Element } from "domhandler";
import { insideRepeatedTile } from "../availability/buy-controls";
import { textOf } from "../html/text-of";
import type { PageFacts } from "../html/walk";
import { type LocaleHints, tokenMeaning } from "./currency";
import { findBareAmount, findMoney, type Money } from "./money";
import { numberSource } from "./number";
import { pickingRules } from "./picking-rules";
import { namesItsProduct, productHeadings } from "./product-heading";

/** How far after a main heading the buy box is looked for, in lines. */
export const buyBoxLines = 40;
/**
 * Labels of an amount the visitor does not pay: a regular price, shipping, a monthly or instalment amount.
 * A label may follow an amount with no space between (markup runs "€1149.00" and "Save €90.00" together):
 * the word boundary is a letter, not a digit.
 */
const notThePrice =
  /(?<!\p{L})(?:was|rrp|msrp|uvp|statt|list price|regular price|normal\p{L}*:?|ordinarie pris|vorher|bisher|før|tidligere|prix conseillé|prezzo consigliato|cena regularna|cena katalogowa|старая цена|стара ціна|eski fiyat|antes|prima|avant|shipping|delivery|versand\w*|\w*lieferung|livraison|envío|envio|spedizione|verzending|frete|dostawa|доставка|kargo|szállítás|doprava|toimitus|frakt|levering|save|spare|ahorra|per month|a month|monthly|pro monat|im monat|par mois|al mes|al mese|per maand|por mês|sem juros|sin interés|parcelas|cuotas|installments?|instalments?|payments?|mensualités|plazos|raty|raten|termijnen)(?!\p{L})|\b(?:[2-9]|[1-9]\d)\s?x\s(?:de\s)?(?=\D{0,4}\d)|\/\s?(?:mo|month|mth|monat|mois|mes|mese|maand|mês)\b|משלוח|送料|運費|建議售價|原價|定價|市價/iu;
/** Labels of a regular price written before it: "Now $12.99 Was $15.99" is paid at the amount before. */
const regularLabel =
  /^(?:was|rrp|msrp|uvp|statt|list price|regular price|normal\p{L}*:?|ordinarie pris|vorher|bisher|før|tidligere|prix conseillé|prezzo consigliato|cena regularna|cena katalogowa|старая цена|стара ціна|eski fiyat|antes|avant|save|spare|ahorra)$/iu;

export interface VisiblePrices {
  /** Prices the visitor sees in the buy box, in page order. */
  shown: Money[];
  /** Amounts the buy box shows struck through or labelled as the regular price. */
  struck: number[];
}

/**
 * Prices the visitor sees in the buy box, in page order: elements whose class or id says "price"
 * (within the lines that follow the main heading, when there is one), else money amounts in those lines.
 * Prices inside repeated tiles (a carousel of related products, a grid) belong to other products.
 */
export function visiblePrices(
  page: PageFacts,
  hints: LocaleHints,
  stated: string | null,
  fallback: string | null,
): VisiblePrices {
  const headings = productHeadings(page);
  const inBuyBox = (line: number) => isInBuyBox(headings, line);
  const shown: Money[] = [];
  const struck: number[] = [];
  const candidates = page.priceElements.filter(({ line }) => inBuyBox(line));
  let inTiles = 0;
  for (const { element } of candidates) {
    const read = readPriceElement(element, hints, stated, struck, true, fallback);
    if (read === "tile") inTiles++;
    else if (read !== null) shown.push(read);
  }
  // Named price elements that all sat in tiles: the buy box shows no price of its own.
  if (candidates.length > 0 && inTiles > 0 && shown.length === 0) return { shown, struck };
  for (const heading of headings) {
    if (shown.length > 0) break;
    for (let at = heading; at < Math.min(page.lines.length, heading + buyBoxLines); at++) {
      const line = withoutStruckText(page, at);
      if (line.length > 200) continue;
      const text = withoutRegularAmounts(line);
      const money = findMoney(text, hints, stated);
      if (money !== null) shown.push(money);
    }
  }
  if (shown.length === 0 && candidates.length === 0) {
    const further = furtherPrice(page, headings, hints, stated, struck);
    if (further !== null) shown.push(further);
  }
  return { shown, struck };
}

/**
 * How far below the product's name a price element is still looked for when the buy box shows none:
 * templates put a long description, option lists or a gallery between the name and the price.
 */
const furtherLines = 250;

/**
 * The first element named price below the product's name and past the buy box, when the buy box shows
 * no price at all and the heading names the product: an amount with its currency, outside tiles.
 */
function furtherPrice(
  page: PageFacts,
  headings: number[],
  hints: LocaleHints,
  stated: string | null,
  struck: number[],
): Money | null {
  if (!pickingRules.furtherPrice || !namesItsProduct(page)) return null;
  for (const { element, line } of page.priceElements) {
    if (!headings.some((h) => line > h + buyBoxLines && line <= h + furtherLines)) continue;
    const read = readPriceElement(element, hints, stated, struck, false);
    if (read !== null && read !== "tile") return read;
  }
  return null;
}

/**
 * What one element named price shows: the amount paid, "tile" when it belongs to a repeated tile, or null
 * (struck through, conditional, shipping or instalment, nothing readable). Struck amounts are added to
 * `struck`. A bare number (no currency written) is read only when `bare`, in `fallback` currency.
 */
function readPriceElement(
  element: Element,
  hints: LocaleHints,
  stated: string | null,
  struck: number[],
  bare: boolean,
  fallback: string | null = null,
): Money | "tile" | null {
  if (pickingRules.tiles && insideRepeatedTile(element)) return "tile";
  if (pickingRules.conditionalPrice && withinNamed(element, conditionalPriceName)) return null;
  // A price element that is itself the struck regular price ("price--line-through", <del class="price">).
  const strikes = pickingRules.regularPrice;
  if (strikes && isStruckThrough(element)) {
    const money = findMoney(textOf(element, 80), hints, stated);
    if (money !== null) struck.push(money.amount);
    return null;
  }
  for (const old of strikes ? struckParts(element) : []) {
    const money = findMoney(textOf(old, 80), hints, stated);
    if (money !== null) struck.push(money.amount);
  }
  const full = textOf(element, 160, { skip: strikes ? isStruckThrough : undefined, centsInSup: true });
  if (full === "" || full.length > 120) return null;
  const text = withoutRegularAmounts(full);
  if (text.trim() === "") return null;
  return findMoney(text, hints, stated) ?? (bare ? findBareAmount(text, fallback) : null);
}

/** A buy-box line without the text it shows struck through ("<del>€49,99</del> €29,99" → " €29,99"). */
function withoutStruckText(page: PageFacts, at: number): string {
  let line = page.lines[at] as string;
  if (!pickingRules.regularPrice) return line;
  for (const { element, line: struckAt } of page.struckElements) {
    if (struckAt !== at) continue;
    const text = textOf(element, 80);
    if (text !== "") line = line.replace(text, " ");
  }
  return line;
}

/** How many regular-price labels one text may carry ("RRP £49.99 … Save £20"). */
const maxLabels = 4;

/**
 * The text without the amounts the visitor does not pay. A regular-price label owns the first number after
 * it ("Was £49.99 Now £29.99" → " Now £29.99", "€29,99 statt €49,99" → "€29,99 "). A shipping, monthly or
 * instalment label owns the amount right before it and everything after it ("$499.00 or 4 payments of
 * $124.75" → "$499.00 or 4 ", "$12.99 + $4.99 shipping" → "$12.99 + $", "Shipping: $5.99" → "").
 */
function withoutRegularAmounts(text: string): string {
  let rest = text;
  for (let i = 0; i < maxLabels; i++) {
    const label = notThePrice.exec(rest);
    if (label === null) return rest;
    const before = rest.slice(0, label.index);
    const after = rest.slice(label.index + label[0].length);
    if (!regularLabel.test(label[0])) return withoutAmountAtEnd(before);
    rest = `${before} ${after.replace(labelledAmount, "")}`;
  }
  return rest;
}

/** The amount right before a label, only a sign between: "$4.99 shipping", "$45/mo", "1 299 kr per month". */
const amountAtEnd = new RegExp(`${numberSource}[^\\d+\\p{L}]{0,3}(\\p{L}{1,4}\\.?\\s?)?$`, "u");

function withoutAmountAtEnd(text: string): string {
  const m = amountAtEnd.exec(text);
  if (m === null) return text;
  const word = m[1]?.trim();
  // "1 299 kr per month" (a currency sign), not "R$ 1.299,00 ou 10x" (a word).
  if (word !== undefined && tokenMeaning(word) === null) return text;
  return text.slice(0, m.index);
}

/** The first number after a regular-price label, with what separates them: the amount the label owns. */
const labelledAmount = new RegExp(`^\\D*?${numberSource}`);

/** A price paid only on a condition: a subscription ("subscribe & save"), not the price of one purchase. */
const conditionalPriceName = /subscri/i;
const namedDepth = 6;

/** Whether the element or one of its near ancestors has an id or class matching the pattern. */
function withinNamed(element: Element, pattern: RegExp): boolean {
  let node: Element | null = element;
  for (let depth = 0; node !== null && depth <= namedDepth; depth++) {
    if (pattern.test(node.attribs.id ?? "") || pattern.test(node.attribs.class ?? "")) return true;
    node = node.parent?.type === "tag" ? node.parent : null;
  }
  return false;
}

const struckTags = new Set(["del", "s", "strike"]);
const regularWords =
  "old|was|regular|compare|compare-at|strike|strikethrough|line-?through|list|original|before|crossed";
/** Words that say struck through however they are joined: "size-strike", "price_line-through". */
const strikeWords = "strike|strikethrough|line-?through|crossed";
/**
 * Class names of a regular price: "old-price", "price-was", "price-item--regular", "was", and any token
 * ending in a strike word ("size-strike").
 */
const regularPriceClass = new RegExp(
  `^(?:(?:${regularWords})[-_]?price|price[-_]?(?:${regularWords})|(?:${regularWords}))$|--(?:${regularWords})$|[-_](?:${strikeWords})$`,
  "i",
);

/** The regular price shown struck through beside a sale price is not what the visitor pays. */
function isStruckThrough(el: Element): boolean {
  if (struckTags.has(el.name)) return true;
  if (/line-through/i.test(el.attribs.style ?? "")) return true;
  return el.attribs.class?.split(/\s+/).some((token) => regularPriceClass.test(token)) ?? false;
}

/** The struck-through parts inside an element (outermost only), at most a few. */
function struckParts(root: Element): Element[] {
  const out: Element[] = [];
  const stack: Element[] = [root];
  let visited = 0;
  while (stack.length > 0 && out.length < 4 && visited++ < 200) {
    const el = stack.pop() as Element;
    if (el !== root && isStruckThrough(el)) {
      out.push(el);
      continue;
    }
    for (const child of el.children) if (child.type === "tag") stack.push(child);
  }
  return out;
}

/** How close under the product's name a price element shows the page is about that one product. */
const underTheName = 8;

/**
 * Whether the page shows a price (an amount with its currency, in an element named "price") right under
 * the name of its product (the heading its title repeats), outside any tile: a product page, even without
 * structured data or a buy button the walk recognised. A bare number is not enough ("amount" also names
 * the quantities of a recipe).
 */
export function priceUnderTheName(page: PageFacts, hints: LocaleHints): boolean {
  if (!namesItsProduct(page)) return false;
  const headings = productHeadings(page);
  return page.priceElements.some(
    ({ element, line }) =>
      headings.some((heading) => line >= heading && line <= heading + underTheName) &&
      !insideRepeatedTile(element) &&
      !isStruckThrough(element) &&
      findMoney(textOf(element, 80), hints) !== null,
  );
}

/** Whether a line is in the buy box: shortly after one of the page's main headings (anywhere without one). */
export function isInBuyBox(headingLines: number[], line: number): boolean {
  if (headingLines.length === 0) return true;
  for (const heading of headingLines) if (line >= heading && line <= heading + buyBoxLines) return true;
  return false;
}
