import type { PageFacts } from "../html/walk";
import { currencyTable } from "./currency-table";

/** "Deliver to: United Kingdom (GBP)", "Currency: EUR", "(USD)": a code the page states as its currency. */
const codeInParentheses = /\(([A-Z]{3})\)/g;
const codeAlone = /^(?:[\p{L} ]{1,30}[:–-]\s*)?([A-Z]{3})$/u;
const maxLine = 120;
const isCapital = (code: number) => code >= 65 && code <= 90;
const endsInCode = (line: string) =>
  line.length >= 3 &&
  isCapital(line.charCodeAt(line.length - 1)) &&
  isCapital(line.charCodeAt(line.length - 2)) &&
  isCapital(line.charCodeAt(line.length - 3));
const memo = new WeakMap<PageFacts, string | null>();

/**
 * The currency the page's text states as a code on its own (in parentheses, or alone on a short line
 * after a label), when it states exactly one: evidence for amounts written without a currency and for
 * shared signs. A page naming several codes (a currency switcher) states none.
 */
export function writtenCurrencyCode(page: PageFacts): string | null {
  const known = memo.get(page);
  if (known !== undefined) return known;
  const codes = currencyTable().codes;
  const found = new Set<string>();
  for (const line of page.lines) {
    if (line.length > maxLine) continue;
    if (line.includes("(")) for (const m of line.matchAll(codeInParentheses)) found.add(m[1] as string);
    // Most lines do not end in three capitals: no need to run the label pattern over them.
    if (endsInCode(line)) {
      const alone = codeAlone.exec(line)?.[1];
      if (alone !== undefined) found.add(alone);
    }
  }
  const stated = [...found].filter((code) => codes.has(code));
  const code = stated.length === 1 ? (stated[0] as string) : null;
  memo.set(page, code);
  return code;
}
