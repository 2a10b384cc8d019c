import { fractionDigitsOf, type LocaleHints, regionDefaultCurrency, resolveMeaning } from "./currency";
import { currencyTable, type TokenMeaning } from "./currency-table";
import { foldToken } from "./fold";
import { inflectedCurrency } from "./inflected-names";
import { localNameAfter } from "./local-names";
import { asciiDigits, numberSource, readNumber } from "./number";

export interface Money {
  amount: number;
  currency: string | null;
  maxAmount: number | null;
}

const maxMoneyText = 1000;
const numberRuns = new RegExp(numberSource, "g");
const letter = /\p{L}/u;
/** Scripts written without spaces between words: a sign there needs no word boundary ("1280円税込"). */
const unspacedScript =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const rangeJoin = /^\s*(?:-|–|—|~|〜|to|bis|à|a|au|al|hasta|fino a|tot|até|do|до)\s*$/i;
const rangeJoinStart = /^\s*(?:-|–|—|~|〜|to|bis|à|a|au|al|hasta|fino a|tot|até|do|до)\s*/i;

interface Run {
  start: number;
  end: number;
  raw: string;
}

interface Sign {
  meaning: TokenMeaning;
  /** A code written beside a shared sign ("NZD $", "AU $", "$US"): settles which currency. */
  code: string | null;
  /** Where the sign ends (after the number) or starts (before it). */
  edge: number;
}

/**
 * The first amount written with a currency (sign, code or name, before or after the number) in a piece of
 * text, with the upper bound when it is a range ("From 26 to 50 €", "$10 – $20"). `preferred` is the
 * currency the page states elsewhere (structured data), used to resolve shared signs. An amount whose
 * number could be read two ways makes the whole text "no price".
 */
export function findMoney(text: string, hints: LocaleHints, preferred: string | null = null): Money | null {
  const s = asciiDigits(text.length > maxMoneyText ? text.slice(0, maxMoneyText) : text);
  const runs = runsOf(s);
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i] as Run;
    if (/^\s*%/.test(s.slice(run.end, run.end + 3))) continue;
    const before = signBefore(s, run.start);
    const after = nameAfter(s, run.end, hints);
    // "P17Y73", "128GB": a number glued to letters that are no currency is part of a word.
    if (after === null && letter.test(s[run.end] ?? "")) continue;
    const sign = pickSign(before, after, hints);
    if (sign === null) continue;
    const currency = sign.code ?? resolveMeaning(sign.meaning, hints, preferred);
    const digits = fractionDigitsOf(currency);
    let amount = readNumber(run.raw, digits);
    if (amount === null) return null;
    let end = after !== null && sign === after ? after.edge : run.end;
    // "35€ 99", "35€<sup>99</sup>": cents written after the sign.
    if (sign === after && Number.isInteger(amount) && !/[.,٫]\s?\d{1,3}$/.test(run.raw)) {
      const cents = /^ ?(\d{2})(?![\d.,%]| ?\d)/.exec(s.slice(end, end + 5));
      if (cents !== null && !letter.test(s[end + cents[0].length] ?? "")) {
        amount += Number(cents[1]) / 100;
        end += cents[0].length;
      }
    }
    const previous = runs[i - 1];
    if (previous !== undefined && rangeJoin.test(s.slice(previous.end, run.start)) && before === null) {
      // "From 26 to 50 €": the sign after the second number prices both.
      const low = readNumber(previous.raw, digits);
      if (low !== null && low < amount && sameShape(previous.raw, run.raw))
        return { amount: low, currency, maxAmount: amount };
    }
    return { amount, currency, maxAmount: upperBound(s, end, runs, i, amount, digits) };
  }
  return null;
}

/** A number with a decimal part or thousands groups: "1 299.00", "150.00", "1,250". */
const looksLikeMoney = /^\d{1,3}(?:[.,'’ \u00a0\u202f]\d{3})+(?!\d)|^\d+[.,]\d{1,2}(?!\d)/;

/** Latin letters all in lower case: a sign only where some locale writes it so ("kr", not "le"). */
const isLowerLatin = (written: string) => /[a-z]/.test(written) && written === written.toLowerCase();

function runsOf(s: string): Run[] {
  const runs: Run[] = [];
  numberRuns.lastIndex = 0;
  for (let m = numberRuns.exec(s); m !== null; m = numberRuns.exec(s)) {
    // A number glued to a preceding digit-letter code ("A4", "X200") is not an amount start.
    runs.push({ start: m.index, end: m.index + m[0].length, raw: m[0] });
    if (runs.length >= 50) break;
  }
  return runs;
}

/** Both integers or both with decimals: "26 to 50 €", "344.99 - 444.99", not "2 - 3,99 €". */
function sameShape(a: string, b: string): boolean {
  const decimals = (x: string) => /[.,٫]\s?\d{1,2}$/.test(x);
  return decimals(a) === decimals(b);
}

function upperBound(
  s: string,
  end: number,
  runs: Run[],
  i: number,
  amount: number,
  digits: number | null,
): number | null {
  const next = runs[i + 1];
  if (next === undefined) return null;
  const between = s.slice(end, next.start);
  const join = rangeJoinStart.exec(between);
  if (join === null) return null;
  const rest = between.slice(join[0].length).trim();
  // The second number may repeat the sign before it ("$10 – $20") or carry nothing ("10 - 20 €").
  if (rest !== "" && signBefore(s, next.start) === null) return null;
  const high = readNumber(next.raw, digits);
  return high !== null && high > amount ? high : null;
}

function pickSign(before: Sign | null, after: Sign | null, hints: LocaleHints): Sign | null {
  if (before === null) return after;
  if (after === null) return before;
  // A written code beats a bare sign ("$1,190.00 AUD").
  if (after.meaning.isCode && !before.meaning.isCode)
    return { ...before, code: after.meaning.currencies[0] as string };
  if (before.meaning.isCode && !after.meaning.isCode)
    return { ...after, code: before.meaning.currencies[0] as string };
  if (before.code !== null || after.code !== null) return before.code !== null ? before : after;
  // Two signs naming no common currency ("Ár: 15 990 Ft": a Hungarian label that spells the ariary's sign):
  // the one that can mean the page's own currency.
  const local = regionDefaultCurrency(hints);
  if (
    local !== null &&
    !before.meaning.currencies.includes(local) &&
    after.meaning.currencies.includes(local)
  )
    return after;
  return before;
}

/** The currency sign, code or name written right before a number ("US$:", "NZD $", "R", "Rs.", "€ "). */
function signBefore(s: string, start: number): Sign | null {
  let end = start;
  while (end > 0 && /[\s:]/.test(s[end - 1] as string) && start - end < 3) end--;
  if (end === 0) return null;
  const sign = signEndingAt(s, end, start);
  // "Rp. 150.000", "Kr. 299": an abbreviation's period between the sign and the number.
  if (sign === null && s[end - 1] === "." && end > 1 && letter.test(s[end - 2] as string))
    return signEndingAt(s, end - 1, start);
  return sign;
}

function signEndingAt(s: string, end: number, start: number): Sign | null {
  const table = currencyTable();
  const window = s.slice(Math.max(0, end - table.maxTokenLength - 2), end);
  const folded = foldToken(window);
  const sameLength = folded.length === window.length;
  for (const length of table.lengthsByEnd.get(folded.slice(-2)) ?? []) {
    if (length > folded.length) continue;
    const meaning = table.tokens.get(folded.slice(folded.length - length));
    if (meaning === undefined) continue;
    if (sameLength) {
      const written = window.slice(window.length - length);
      const beforeToken = window[window.length - length - 1] ?? "";
      if (letter.test(beforeToken) && !unspacedScript.test(beforeToken)) continue;
      // "example.fr 18": a token glued to a dot is the end of a domain or an abbreviation, not a sign.
      // In any script: "б.р." (Belarusian roubles) ends in "р.", which alone is no sign for the next number.
      if (beforeToken === "." && /^\p{L}/u.test(written)) continue;
      // A code before the number is written in capitals: "EUR 36,00", not "all 5".
      if (meaning.isCode && written !== written.toUpperCase()) continue;
      if (!meaning.lowerCase && isLowerLatin(written)) continue;
    }
    return { meaning, code: null, edge: end - length };
  }
  const lastChar = s[end - 1] as string;
  const char = table.chars.get(lastChar);
  if (char === undefined) return null;
  const code = writtenCode(s.slice(Math.max(0, end - 5), end - 1), char, "before");
  if (code !== null) return { meaning: char, code, edge: end - 1 };
  // A Latin letter alone ("R", "L") must stand apart: "FOR 10" is no rand, "B00P17" no pula.
  if (letter.test(lastChar) && /[\p{L}\p{N}]/u.test(s[end - 2] ?? "")) return null;
  // And with a space before the number, that number must look like money ("R 1 299.00", not "M 38").
  if (/[A-Za-z]/.test(lastChar) && end !== start && !looksLikeMoney.test(s.slice(start, start + 16)))
    return null;
  return { meaning: char, code: null, edge: end - 1 };
}

/**
 * The currency sign or name after a number: a sign the table knows, a name inflected in the page's language,
 * or the page's own currency named in its language (local-names.ts), also after a connector ("25 de euro").
 */
function nameAfter(s: string, end: number, hints: LocaleHints): Sign | null {
  const sign = signAfter(s, end) ?? inflectedNameAfter(s, end, hints);
  // Only words can follow: a prefilter, as most numbers are followed by a sign, a space and a digit, or nothing.
  if (sign !== null || !letter.test(s.slice(end, end + 2))) return sign;
  const local = localNameAfter(s, end, hints.language, hints.regions, (at) => signAfter(s, at));
  if (local === null || "meaning" in local) return local;
  return {
    meaning: { currencies: [local.code], primary: local.code, isCode: false, lowerCase: true },
    code: null,
    edge: local.edge,
  };
}

/** A currency name inflected after a number, in the page's language ("4990 forintért", "19,99 złotego"). */
function inflectedNameAfter(s: string, end: number, hints: LocaleHints): Sign | null {
  const word = /^\s?(\p{L}+)(?![\p{L}\p{M}])/u.exec(s.slice(end, end + 40));
  if (word === null) return null;
  const code = inflectedCurrency(word[1] as string, hints.language);
  if (code === null) return null;
  return {
    meaning: { currencies: [code], primary: code, isCode: false, lowerCase: true },
    code: null,
    edge: end + word[0].length,
  };
}

/** The currency sign, code or name written right after a number ("€", " kr", " AUD", "zł", "تومان"). */
function signAfter(s: string, end: number): Sign | null {
  let start = end;
  while (start < s.length && /\s/.test(s[start] as string) && start - end < 2) start++;
  if (start >= s.length) return null;
  const table = currencyTable();
  const window = s.slice(start, start + table.maxTokenLength + 2);
  const folded = foldToken(window);
  for (const length of table.lengthsByStart.get(folded.slice(0, 2)) ?? []) {
    if (length > folded.length) continue;
    const meaning = table.tokens.get(folded.slice(0, length));
    if (meaning === undefined) continue;
    const next = folded.length === window.length ? (window[length] ?? "") : "";
    const last = window[length - 1] ?? "";
    if (letter.test(next) && !unspacedScript.test(last)) continue;
    if (!meaning.lowerCase && isLowerLatin(window.slice(0, length))) continue;
    return { meaning, code: null, edge: start + length };
  }
  const firstChar = s[start] as string;
  const char = table.chars.get(firstChar);
  if (char === undefined) return null;
  const code = writtenCode(s.slice(start + 1, start + 5), char, "after");
  if (code !== null) return { meaning: char, code, edge: start + 1 + code.length };
  // A Latin letter alone after a number is a unit ("5 L", "10 K"), not a currency.
  if (/[A-Za-z]/.test(firstChar)) return null;
  const next = s[start + 1] ?? "";
  if (letter.test(next) && !unspacedScript.test(firstChar)) return null;
  return { meaning: char, code: null, edge: start + 1 };
}

/**
 * A code or country written against a shared sign: "NZD $", "SGD$", "AU $", "CAN$" before it, "$US", "$CA"
 * after it. Returns the currency when it is one of the sign's, else null.
 */
function writtenCode(near: string, sign: TokenMeaning, side: "before" | "after"): string | null {
  if (sign.currencies.length < 2) return null;
  const m =
    side === "before" ? /(?:^|[^A-Za-z])([A-Z]{2,3}) ?$/.exec(near) : /^([A-Z]{2,3})(?![A-Za-z])/.exec(near);
  const letters = m?.[1];
  if (letters === undefined) return null;
  if (sign.currencies.includes(letters)) return letters;
  const table = currencyTable();
  const byRegion = table.regionCurrency.get(letters.slice(0, 2));
  return byRegion !== undefined && sign.currencies.includes(byRegion) ? byRegion : null;
}

const taxPhrase =
  /\b(?:inc|incl|including|inkl|ex|excl|excluding|exkl|plus|zzgl|ttc|ht|iva|vat|gst|tax|taxes|mwst|ust|tva|btw|moms|alv|dph|kdv)\b\.?/giu;
/** Words that name a price, in the languages shops write; compounds end in them ("Sonderpreis", "Verkaufspreis"). */
const priceWords =
  "price|prices|preis|prix|precio|prezzo|prijs|preço|preco|cena|cijena|kaina|hind|hinta|pris|verð|preț|pret|τιμή|fiyat|цена|ціна|السعر|قیمت|מחיר|価格|价格|售价|價格|가격|판매가|ราคา";
/** Short words before a price, matched whole: "Now", "ab", "od", "Ár" (Hungarian: price), "Nu" (now). */
const priceLeadWords =
  "now|only|from|ab|dès|desde|da|vanaf|od|от|sale|ár|giá|harga|nu|jetzt|nur|maintenant|seulement|ahora|solo|ora|agora|teraz|tylko|nyní|jen|şimdi|сейчас|только";
/**
 * A label before a bare amount that names it a price: "Price:", "Our Price", "Precio oferta:", "Cena:". Any
 * other label ("Qty: 2", "Year: 2024", "Rating: 4.5", "Art.-Nr.: 12.345") says the number is something else.
 */
const priceLabel = new RegExp(
  `^(?:\\p{L}+\\s+){0,3}?(?:\\p{L}*(?:${priceWords})|(?:${priceLeadWords}))(?!\\p{L})(?:(?:\\s\\p{L}+){0,2}\\s*:|\\s*:?)\\s*`,
  "iu",
);
const anyLabel = /^[\p{L}\s.-]{1,24}:/u;
/** A parenthesised note that only states tax with its amount: "(40.94 inc VAT)", "(inkl. MwSt.)". */
const taxNote = /\(([^()]*)\)/g;

/**
 * A price written without any currency, accepted only as the whole text of a price element: "24.99",
 * "Price: 1.299,00", "34.12 (40.94 inc VAT)", "148.50 Inc GST", "Our Price 344.99 - 444.99" (a range).
 * A number labelled as something else, or followed by a note that is not about tax ("4.8 (1,234 reviews)"),
 * is no price.
 */
export function findBareAmount(text: string, currency: string | null = null): Money | null {
  let t = asciiDigits(text.trim())
    .replace(taxNote, (note, inside: string) => (isTaxNote(inside) ? " " : note))
    .replace(taxPhrase, " ")
    .trim();
  const label = priceLabel.exec(t);
  if (label !== null) t = t.slice(label[0].length).trim();
  else if (anyLabel.test(t)) return null;
  const runs = runsOf(t);
  const digits = fractionDigitsOf(currency);
  const first = runs[0];
  if (first === undefined || first.start !== 0) return null;
  const amount = readNumber(first.raw, digits);
  if (amount === null) return null;
  if (runs.length === 1)
    return t.slice(first.end).trim() === "" ? { amount, currency, maxAmount: null } : null;
  const second = runs[1] as Run;
  if (
    runs.length > 2 ||
    !rangeJoin.test(t.slice(first.end, second.start)) ||
    t.slice(second.end).trim() !== ""
  )
    return null;
  const high = readNumber(second.raw, digits);
  return high !== null && high > amount ? { amount, currency, maxAmount: high } : null;
}

/** Whether a note holds nothing but amounts, currency codes or signs, and tax words. */
function isTaxNote(inside: string): boolean {
  const rest = inside
    .replace(taxPhrase, " ")
    .replace(new RegExp(numberSource, "g"), " ")
    .replace(/\b[A-Z]{3}\b/g, " ");
  return !/\p{L}{2,}/u.test(rest);
}

/** The number of a price as written, for callers that know there is one ("1.299,00", "24.990"). */
export function parseAmount(raw: string, currency: string | null = null): number | null {
  return readNumber(asciiDigits(raw.trim()), fractionDigitsOf(currency));
}
