import { currencyFromToken, isoCodes, type LocaleHints, symbols, threeDecimalCurrencies } from "./currency";

export interface Money {
  amount: number;
  currency: string | null;
  maxAmount: number | null;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const currencyTokens = [
  ...symbols.map(([symbol]) => symbol),
  ...isoCodes,
  "\\$",
  "kr\\.?",
  "Kr\\.?",
  "¥",
  "￥",
  "元",
  "Rs\\.?",
  "₨",
  "р\\.",
  "руб\\.",
  "Br",
  "TL",
  "SFr\\.?",
]
  .map((t) => (t.startsWith("\\") || t.includes("\\") ? t : escapeRegex(t)))
  .sort((a, b) => b.length - a.length)
  .join("|");

// Thousands groups (".", ",", "'", "’", spaces) then an optional decimal part, or a plain number; ".–" = ".00".
const numberPattern = String.raw`\d{1,3}(?:[.,'’\u00a0\u202f ]\d{3})+(?:[.,](?:\d{1,3}|[-–—]{1,2}))?|\d+(?:[.,](?:\d{1,3}|[-–—]{1,2}))?`;
const moneyPattern = new RegExp(
  String.raw`(?<![A-Za-z])(?<pre>${currencyTokens})\s?(?<n1>${numberPattern})|(?<n2>${numberPattern})\s?(?<post>${currencyTokens})(?![A-Za-z])`,
  "g",
);
const moneyAtStart = new RegExp(moneyPattern.source, "y");
const bareNumber = new RegExp(`^(?:${numberPattern})$`);
const maxMoneyText = 1000;
const rangeJoin = /^\s*(?:-|–|—|to|bis|à|a|~|〜)\s*/;

/**
 * Parses the number of a price as written: "1.299,00", "1,299.00", "1'299.–", "24.990" (thousands dot),
 * "12,99". A single separator followed by exactly three digits is a thousands separator, except for
 * currencies with three decimals.
 */
export function parseAmount(raw: string, currency: string | null = null): number | null {
  let s = raw.trim().replace(/[\s\u00a0\u202f'’]/g, "");
  s = s.replace(/[.,][-–—]{1,2}$/, "");
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  let normalised: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? "." : ",";
    const thousands = decimal === "." ? "," : ".";
    normalised = s.split(thousands).join("").replace(decimal, ".");
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? "." : ",";
    const parts = s.split(sep);
    const tail = parts[parts.length - 1] as string;
    const thousands =
      parts.length > 2 || (tail.length === 3 && !(currency !== null && threeDecimalCurrencies.has(currency)));
    normalised = thousands ? parts.join("") : `${parts.slice(0, -1).join("")}.${tail}`;
  } else {
    normalised = s;
  }
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

/** The first amount with a currency symbol or code in a piece of text, with the upper bound of a range. */
export function findMoney(text: string, hints: LocaleHints): Money | null {
  // Prices sit in short texts; a bound keeps a hostile megabyte of digits from costing seconds.
  const bounded = text.length > maxMoneyText ? text.slice(0, maxMoneyText) : text;
  moneyPattern.lastIndex = 0;
  for (let m = moneyPattern.exec(bounded); m !== null; m = moneyPattern.exec(bounded)) {
    const groups = m.groups as Record<string, string | undefined>;
    const token = (groups.pre ?? groups.post) as string;
    const currency = currencyFromToken(token, hints);
    if (currency === null) continue;
    const amount = parseAmount((groups.n1 ?? groups.n2) as string, currency);
    if (amount === null) continue;
    return {
      amount,
      currency,
      maxAmount: rangeUpperBound(bounded.slice(m.index + m[0].length), hints, currency),
    };
  }
  return null;
}

/** A price without any currency mark, accepted only when it is all the text of a price element. */
export function findBareAmount(text: string): number | null {
  const t = text.trim();
  return bareNumber.test(t) ? parseAmount(t) : null;
}

function rangeUpperBound(rest: string, hints: LocaleHints, currency: string): number | null {
  const join = rangeJoin.exec(rest);
  if (join === null) return null;
  const after = rest.slice(join[0].length, join[0].length + 40);
  moneyAtStart.lastIndex = 0;
  const m = moneyAtStart.exec(after);
  if (m !== null) {
    const groups = m.groups as Record<string, string | undefined>;
    if (currencyFromToken((groups.pre ?? groups.post) as string, hints) !== currency) return null;
    return parseAmount((groups.n1 ?? groups.n2) as string, currency);
  }
  const plain = new RegExp(`^(?:${numberPattern})(?![\\d.,])`).exec(after);
  return plain ? parseAmount(plain[0], currency) : null;
}
