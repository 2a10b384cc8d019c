/**
 * Rewrite a price everywhere a page states it (JSON-LD, microdata, meta and visible text), in each of
 * the ways pages write numbers: "1299", "1,299.00", "1.299,00", "1 299", "24.99", "24,99".
 */

const THOUSANDS = ["", ",", ".", " ", "\u00a0", "\u202f", "'", "&nbsp;"];

function format(amount: number, decimals: number, thousands: string, decimal: string): string {
  const [whole, fraction] = amount.toFixed(decimals).split(".");
  const grouped = thousands === "" ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return fraction === undefined ? grouped : `${grouped}${decimal}${fraction}`;
}

/** Pairs of (old text, new text) for every notation of the two amounts, longest first. */
export function priceNotations(oldAmount: number, newAmount: number): [string, string][] {
  const pairs = new Map<string, string>();
  const oneDecimal =
    Math.round(oldAmount * 10) === oldAmount * 10 && Math.round(newAmount * 10) === newAmount * 10;
  const decimalsOptions =
    // Whole amounts also as "978.0": JSON-LD generators write floats that way.
    Number.isInteger(oldAmount) && Number.isInteger(newAmount) ? [0, 1, 2] : oneDecimal ? [1, 2] : [2];
  for (const decimals of decimalsOptions) {
    for (const decimal of [".", ","]) {
      for (const thousands of oldAmount >= 1000 ? THOUSANDS : [""]) {
        if (thousands === decimal) continue;
        const before = format(oldAmount, decimals, thousands, decimal);
        if (!pairs.has(before)) pairs.set(before, format(newAmount, decimals, thousands, decimal));
      }
    }
  }
  return [...pairs.entries()].sort((a, b) => b[0].length - a[0].length);
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Replace every notation of the old amount that stands alone as a number; null when none is found. */
export function rewritePrice(html: string, oldAmount: number, newAmount: number): string | null {
  const pairs = priceNotations(oldAmount, newAmount);
  const lookup = new Map(pairs);
  const pattern = new RegExp(
    `(?<![\\d.,])(?:${pairs.map(([before]) => escapeRegExp(before)).join("|")})(?![\\d]|[.,]\\d)`,
    "g",
  );
  let replaced = 0;
  const result = html.replace(pattern, (match) => {
    replaced += 1;
    return lookup.get(match) ?? match;
  });
  return replaced > 0 ? result : null;
}

/** A realistic new price: 20% lower, rounded like the old one (whole amounts stay whole). */
export function discounted(amount: number): number {
  return Number.isInteger(amount) ? Math.max(1, Math.round(amount * 0.8)) : Math.round(amount * 80) / 100;
}
