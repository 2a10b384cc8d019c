import type { Price, PriceSource } from "../../snapshot";
import type { PageFacts } from "../html/walk";
import { currencyFromToken, type LocaleHints, regionDefaultCurrency } from "./currency";
import type { StructuredOffer } from "./json-ld";
import type { MarkupOffer } from "./markup";
import { findMoney, type Money } from "./money";
import { pickingRules } from "./picking-rules";
import { structuredAmount } from "./structured-amount";
import { visiblePrices } from "./visible-price";
import { writtenCurrencyCode } from "./written-code";

export interface PriceEvidence {
  /** Whether the page shows itself as a product page; a price read from text alone needs it. */
  productPage: boolean;
  jsonLd: StructuredOffer[];
  markup: MarkupOffer[];
  page: PageFacts;
  hints: LocaleHints;
}

interface Candidate extends Money {
  source: PriceSource;
}

/** How many visible prices after the heading are compared against the structured ones. */
const visibleChecked = 8;

/**
 * The page's price. Structured data comes in the order JSON-LD, microdata, RDFa, product meta; when it
 * holds several different amounts (sale and regular price, a starting bid, variants), the one the
 * visitor sees first in the buy box wins. Without structured data, the visible price is used.
 */
export function pickPrice(evidence: PriceEvidence): Price | null {
  const { page, hints } = evidence;
  const structured = structuredCandidates(evidence);
  const candidates = pickingRules.regularPrice ? withoutRegularPrices(structured, page.meta) : structured;
  const fallbackCurrency =
    candidates.find((c) => c.currency !== null)?.currency ??
    metaCurrencyOf(page.meta, hints) ??
    writtenCurrencyCode(page);
  const { shown: visible, struck } = visiblePrices(
    page,
    hints,
    fallbackCurrency,
    fallbackCurrency ?? regionDefaultCurrency(hints),
  );
  const first = candidates[0];
  if (first === undefined) {
    if (!evidence.productPage || evidence.jsonLd.some((o) => o.zeroPrice)) return null;
    const shown = visible[0];
    return shown === undefined ? null : toPrice(shown, shown.currency, "text");
  }
  let chosen = first;
  if (candidates.some((c) => c.amount !== first.amount)) {
    for (const shown of visible.slice(0, visibleChecked)) {
      const match = candidates.find((c) => sameAmount(c.amount, shown.amount));
      if (match !== undefined) {
        chosen = match;
        break;
      }
    }
  }
  // Structured data that holds only the regular price the buy box strikes through: the visitor pays the
  // price shown beside it.
  const shown = visible[0];
  if (
    pickingRules.regularPrice &&
    shown !== undefined &&
    !sameAmount(shown.amount, chosen.amount) &&
    struck.some((amount) => sameAmount(amount, chosen.amount)) &&
    !candidates.some((c) => sameAmount(c.amount, shown.amount)) &&
    (shown.currency === null || chosen.currency === null || shown.currency === chosen.currency)
  ) {
    return toPrice(shown, shown.currency ?? chosen.currency, "text");
  }
  return toPrice(chosen, chosen.currency ?? fallbackCurrency ?? regionDefaultCurrency(hints), chosen.source);
}

const sameAmount = (a: number, b: number) => Math.abs(a - b) < 0.005;

function toPrice(money: Money, currency: string | null, source: PriceSource): Price {
  return { amount: money.amount, currency, maxAmount: money.maxAmount, source };
}

function structuredCandidates({ jsonLd, markup, page, hints }: PriceEvidence): Candidate[] {
  const out: Candidate[] = [];
  for (const offer of jsonLd) {
    if (offer.amount !== null)
      out.push({
        amount: offer.amount,
        currency: offer.currency,
        maxAmount: offer.maxAmount,
        source: "json-ld",
      });
  }
  // Microdata beside JSON-LD is usually the related-products carousel: only used when JSON-LD has no price.
  for (const offer of out.length > 0 ? [] : markup) {
    if (offer.amount === null) continue;
    out.push({
      amount: offer.amount,
      currency: offer.currency,
      maxAmount: offer.maxAmount,
      source: offer.source,
    });
    for (const amount of offer.otherAmounts)
      out.push({ amount, currency: offer.currency, maxAmount: null, source: offer.source });
  }
  const meta = metaPrice(page.meta, hints);
  if (meta !== null) out.push({ ...meta, source: "meta" });
  return out;
}

const regularPriceKeys = [
  "og:price:standard_amount",
  "product:original_price:amount",
  "product:regular_price:amount",
];

/** Drops amounts the page itself calls the regular (struck-through) price, when a sale price remains. */
function withoutRegularPrices(candidates: Candidate[], meta: Map<string, string>): Candidate[] {
  const regular = regularPriceKeys
    .map((k) => structuredAmount(meta.get(k), null))
    .filter((a): a is number => a !== null);
  if (regular.length === 0) return candidates;
  const kept = candidates.filter((c) => !regular.some((r) => sameAmount(r, c.amount)));
  return kept.length > 0 ? kept : candidates;
}

const amountKeys = ["product:price:amount", "og:price:amount", "product:sale_price:amount"];
const currencyKeys = [
  "product:price:currency",
  "og:price:currency",
  "product:sale_price:currency",
  "pricecurrency",
];
const textKeys = ["og:price", "product:price", "price"];

function metaCurrencyOf(meta: Map<string, string>, hints: LocaleHints): string | null {
  for (const key of currencyKeys) {
    const value = meta.get(key);
    if (value) return currencyFromToken(value, hints);
  }
  return null;
}

function metaPrice(meta: Map<string, string>, hints: LocaleHints): Money | null {
  const currency = metaCurrencyOf(meta, hints);
  for (const key of amountKeys) {
    const amount = structuredAmount(meta.get(key), currency);
    if (amount !== null && amount > 0) return { amount, currency, maxAmount: null };
  }
  for (const key of textKeys) {
    const value = meta.get(key);
    if (!value) continue;
    const money = findMoney(value, hints);
    if (money !== null && money.amount > 0) return { ...money, currency: money.currency ?? currency };
    const amount = structuredAmount(value, currency);
    if (amount !== null && amount > 0) return { amount, currency, maxAmount: null };
  }
  for (const n of ["1", "2"]) {
    if (/price|preis|prix|precio/i.test(meta.get(`twitter:label${n}`) ?? "")) {
      const money = findMoney(meta.get(`twitter:data${n}`) ?? "", hints);
      if (money !== null && money.amount > 0) return money;
    }
  }
  return null;
}
