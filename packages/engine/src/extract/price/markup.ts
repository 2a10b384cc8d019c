import type { Availability, PriceSource } from "../../snapshot";
import { schemaAvailability } from "../availability/schema-availability";
import { textOf } from "../html/text-of";
import type { MarkupField } from "../html/walk";
import { currencyFromToken, type LocaleHints } from "./currency";
import type { StructuredOffer } from "./json-ld";
import { findMoney } from "./money";
import { structuredAmount } from "./structured-amount";

export interface MarkupOffer extends StructuredOffer {
  source: Extract<PriceSource, "microdata" | "rdfa">;
  /** Further marked-up prices (variants, other offers), for cross-checking against the visible price. */
  otherAmounts: number[];
}

const maxOtherAmounts = 20;

function fieldValue(field: MarkupField): string {
  const a = field.element.attribs;
  return (a.content ?? a.href ?? a.value ?? textOf(field.element, 120)).trim();
}

/** The first price, currency and availability marked up with microdata or RDFa, per source. */
export function readMarkup(fields: MarkupField[], hints: LocaleHints): MarkupOffer[] {
  const offers: MarkupOffer[] = [];
  for (const source of ["microdata", "rdfa"] as const) {
    let amount: number | null = null;
    let maxAmount: number | null = null;
    let currency: string | null = null;
    let textCurrency: string | null = null;
    let availability: Availability | null = null;
    const otherAmounts: number[] = [];
    for (const field of fields) {
      if (field.source !== source) continue;
      const value = fieldValue(field);
      if (field.name === "pricecurrency") {
        currency ??= currencyFromToken(value, hints);
      } else if (field.name === "availability") {
        availability ??= schemaAvailability(value);
      } else if (field.name === "highprice") {
        maxAmount ??= structuredAmount(value, currency);
      } else {
        const hasContent = field.element.attribs.content !== undefined;
        const money = hasContent ? null : findMoney(value, hints);
        const parsed =
          money?.amount ?? structuredAmount(value, currency) ?? findMoney(value, hints)?.amount ?? null;
        if (parsed === null || parsed <= 0) continue;
        if (amount === null) {
          amount = parsed;
          textCurrency = money?.currency ?? null;
        } else if (otherAmounts.length < maxOtherAmounts) {
          otherAmounts.push(parsed);
        }
      }
    }
    currency ??= textCurrency;
    if (amount !== null || availability !== null) {
      const max = maxAmount !== null && amount !== null && maxAmount > amount ? maxAmount : null;
      offers.push({ amount, maxAmount: max, currency, availability, source, otherAmounts });
    }
  }
  return offers;
}
