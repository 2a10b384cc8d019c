import type { PricePoint } from "@changeradar/contracts";

export interface PriceAt {
  at: number;
  amount: number;
}

export interface PriceSummary {
  /** ISO code of the series (the latest price's), or null when the page named none. */
  currency: string | null;
  /** The points in that currency, oldest first. */
  points: PriceAt[];
  current: PriceAt;
  /** The lowest and highest prices, each at the last time it was seen. */
  lowest: PriceAt;
  highest: PriceAt;
  /** Points left out because they were in another currency (the shop changed currency). */
  otherCurrency: number;
}

/** Current, lowest and highest price of a history, in the latest price's currency; null when empty. */
export function summarisePrices(history: readonly PricePoint[]): PriceSummary | null {
  const sorted = [...history].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const latest = sorted.at(-1);
  if (!latest) return null;
  const points = sorted
    .filter((p) => p.currency === latest.currency)
    .map((p) => ({ at: Date.parse(p.at), amount: p.amount }));
  const pick = (better: (a: number, b: number) => boolean) =>
    points.reduce((best, p) => (better(p.amount, best.amount) || p.amount === best.amount ? p : best));
  return {
    currency: latest.currency,
    points,
    current: points.at(-1)!,
    lowest: pick((a, b) => a < b),
    highest: pick((a, b) => a > b),
    otherCurrency: sorted.length - points.length,
  };
}

const amountFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount without its currency: the chart names the currency once. */
export function formatAmount(amount: number): string {
  return amountFormat.format(amount);
}

/** "US dollar (USD)" where the browser knows the code's name, else the code itself. */
export function currencyName(code: string | null): string | null {
  if (!code) return null;
  try {
    const name = new Intl.DisplayNames(undefined, { type: "currency" }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
