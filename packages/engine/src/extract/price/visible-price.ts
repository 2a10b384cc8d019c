import type { Element } from "domhandler";
import { textOf } from "../html/text-of";
import type { PageFacts } from "../html/walk";
import type { LocaleHints } from "./currency";
import { findBareAmount, findMoney, type Money } from "./money";

/** How far after a main heading the buy box is looked for, in lines. */
export const buyBoxLines = 40;
/** Lines that state a price the visitor does not pay. */
const notThePrice =
  /\b(?:was|rrp|msrp|uvp|statt|list price|regular price|normal:|antes|prima|avant|shipping|delivery|versand|lieferung|livraison|envío|envio|spedizione|verzending|frete|save|spare|ahorra|per month|a month|monthly|pro monat|im monat|par mois|al mes|al mese|per maand|por mês)\b|\/\s?(?:mo|month|mth|monat|mois|mes|mese|maand|mês)\b|משלוח|送料|運費|建議售價|原價|定價|市價/i;

/**
 * Prices the visitor sees in the buy box, in page order: elements whose class or id says "price"
 * (within the lines that follow the main heading, when there is one), else money amounts in those lines.
 */
export function visiblePrices(page: PageFacts, hints: LocaleHints, currency: string | null): Money[] {
  const inBuyBox = (line: number) => isInBuyBox(page.headingLines, line);
  const out: Money[] = [];
  for (const { element, line } of page.priceElements) {
    if (!inBuyBox(line)) continue;
    const text = textOf(element, 160, { skip: isStruckThrough, centsInSup: true });
    if (text === "" || text.length > 120 || notThePrice.test(text)) continue;
    const money = findMoney(text, hints);
    if (money !== null && money.amount > 0) {
      out.push(money);
      continue;
    }
    const bare = findBareAmount(text);
    if (bare !== null && bare > 0) out.push({ amount: bare, currency, maxAmount: null });
  }
  for (const heading of page.headingLines) {
    if (out.length > 0) break;
    for (const line of page.lines.slice(heading, heading + buyBoxLines)) {
      if (line.length > 200 || notThePrice.test(line)) continue;
      const money = findMoney(line, hints);
      if (money !== null && money.amount > 0) out.push(money);
    }
  }
  return out;
}

const struckTags = new Set(["del", "s", "strike"]);
const regularWords = "old|was|regular|compare|compare-at|strike|strikethrough|list|original|before|crossed";
/** Class names of a regular price: "old-price", "price-was", "price-item--regular", "was". */
const regularPriceClass = new RegExp(
  `^(?:(?:${regularWords})[-_]?price|price[-_]?(?:${regularWords})|(?:${regularWords}))$|--(?:${regularWords})$`,
  "i",
);

/** The regular price shown struck through beside a sale price is not what the visitor pays. */
function isStruckThrough(el: Element): boolean {
  if (struckTags.has(el.name)) return true;
  if (/line-through/i.test(el.attribs.style ?? "")) return true;
  return el.attribs.class?.split(/\s+/).some((token) => regularPriceClass.test(token)) ?? false;
}

/** Whether a line is in the buy box: shortly after one of the page's main headings (anywhere without one). */
export function isInBuyBox(headingLines: number[], line: number): boolean {
  if (headingLines.length === 0) return true;
  for (const heading of headingLines) if (line >= heading && line <= heading + buyBoxLines) return true;
  return false;
}
