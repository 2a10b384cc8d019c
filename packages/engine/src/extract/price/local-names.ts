/**
 * The page's own currency named in the page's own language, where the table (built from each currency's
 * home locales) does not reach: a country's shops write in more languages than the one ICU deems likely
 * there ("200 украинских гривен" on a Russian page from Ukraine, "Кошт: 25 беларускіх рублёў"), and
 * sentences drop the endings ICU's names carry. Built from ICU, lazily, for each language and country a
 * page shows (its lang attribute, its host):
 * - every count form of the currency's name in that language, whole ("украинских гривен");
 * - the noun alone, when the rest of the name is the country's adjective ("гривен", "тенге"), and the noun
 *   without a one- or two-letter ending the bare word drops ("manatı" → "manat", "теңгесі" → "теңге",
 *   "сомонии" → "сомони": the possessive of Turkic and Persian compounds);
 * - any word that starts like the country's name, before the noun ("казахстанских тенге", "polskich
 *   złotych"): the adjective ICU spells one way and shops another;
 * - words the language puts between a count and a currency's name ("25 de euro": ICU writes "25 de lei"
 *   but "5 lei"), after which any currency the table knows is read.
 * English is left out, as in the table: "5 pounds" is a weight far more often than a price.
 */
import { boundedCache } from "../bounded-cache";
import { currencyTable } from "./currency-table";
import { foldToken } from "./fold";

interface LocalNames {
  /** Folded name, noun or phrase → the currency it names. */
  names: Map<string, string>;
  /** The first three folded letters of a country's name → its currency. */
  adjectives: Map<string, string>;
  /** Words between a count and a currency's name ("de" in Romanian). */
  connectors: Set<string>;
}

/** Keyed by "language|REGION,REGION": the key is all the build needs. */
const cachedLocalNames = boundedCache(200, (key) => {
  const [language, regions] = key.split("|");
  return buildLocalNames(language, regions.split(","));
});
const scripts = ["", "Latn", "Cyrl", "Arab"];
const endingsDropped = [1, 2];
const minSingular = 5;
const minPlural = 4;

/** The local names for a page in this language from these regions (upper case), or null when none. */
export function localNames(language: string, regions: readonly string[]): LocalNames | null {
  if (language === "" || language === "en" || regions.length === 0) return null;
  return cachedLocalNames(`${language}|${regions.join(",")}`);
}

function buildLocalNames(language: string, regions: readonly string[]): LocalNames {
  const entry: LocalNames = { names: new Map(), adjectives: new Map(), connectors: new Set() };
  const { regionCurrency } = currencyTable();
  const seen = new Set<string>();
  for (const region of regions) {
    const code = regionCurrency.get(region);
    if (code === undefined || seen.has(code)) continue;
    seen.add(code);
    const itsRegions = [...regionCurrency].filter(([, c]) => c === code).map(([r]) => r);
    for (const locale of localesOf(language, region)) addCurrency(entry, locale, code, itsRegions);
  }
  return entry;
}

/**
 * The language in this country, and in each other script ICU has it in there ("uz-Cyrl-UZ"). A language
 * ICU has no data for is left out: its names would be the fallback's, English ones.
 */
function localesOf(language: string, region: string): string[] {
  const out: string[] = [];
  for (const script of scripts) {
    const locale = script === "" ? `${language}-${region}` : `${language}-${script}-${region}`;
    let resolved = "";
    try {
      resolved = new Intl.NumberFormat(locale).resolvedOptions().locale;
    } catch {}
    if (script === "" ? resolved.split("-")[0] === language : resolved === locale) out.push(locale);
  }
  return out;
}

const countSamples = [1, 2, 3, 5, 11, 21, 25, 100];

function addCurrency(entry: LocalNames, locale: string, code: string, regions: string[]): void {
  const forms = countSamples.map((n) => nameForm(locale, code, n));
  const countries = countryStems(locale, regions);
  for (const stem of countries) entry.adjectives.set(stem, code);
  const display = new Intl.DisplayNames([locale], { type: "currency" }).of(code);
  for (const [i, form] of [...forms, display ?? ""].entries()) {
    const words = form
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w !== "");
    if (words.length === 0) continue;
    entry.names.set(foldToken(words.join(" ")), code);
    const rest = words.filter((w) => !countries.has(stemOf(w)));
    if (rest.length === words.length) continue;
    // Without the country: "новых манатов" whole; the noun alone only when nothing else is left ("новый
    // манат" keeps "новый": a qualifier, "5 новых" is five new ones).
    if (rest.length > 1) {
      entry.names.set(foldToken(rest.join(" ")), code);
      continue;
    }
    // As in the table: a short singular is too often a word ("4 real", "1 peso"), and so is a short stem.
    const noun = foldToken(rest[0] as string);
    const singular = i === 0 || i === forms.length;
    if ([...noun].length >= (singular ? minSingular : minPlural)) entry.names.set(noun, code);
    for (const drop of endingsDropped) {
      const bare = [...noun].slice(0, -drop).join("");
      if ([...bare].length >= minSingular) entry.names.set(bare, code);
    }
  }
  // A word the count 25 puts before the name that the count 5 does not: "25 de lei", "5 lei".
  const five = (forms[3] ?? "").toLowerCase().split(/\s+/);
  const many = (forms[6] ?? "").toLowerCase().split(/\s+/);
  if (many.length === five.length + 1)
    for (let i = 0; i < many.length; i++) {
      const without = [...many.slice(0, i), ...many.slice(i + 1)];
      if (without.join(" ") === five.join(" ")) entry.connectors.add(foldToken(many[i] as string));
    }
}

/** The currency's name as written after a count, the number left out. */
function nameForm(locale: string, code: string, count: number): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: code,
    currencyDisplay: "name",
    maximumFractionDigits: 0,
  })
    .formatToParts(count)
    .filter((p) => p.type === "currency" || p.type === "literal")
    .map((p) => p.value)
    .join("")
    .trim();
}

function countryStems(locale: string, regions: string[]): Set<string> {
  const names = new Intl.DisplayNames([locale], { type: "region" });
  const stems = new Set<string>();
  for (const region of regions) {
    let name = "";
    try {
      name = names.of(region) ?? "";
    } catch {}
    for (const word of name.split(/\s+/)) if ([...word].length >= 4) stems.add(stemOf(word));
  }
  return stems;
}

function stemOf(word: string): string {
  return [...foldToken(word)].slice(0, 3).join("");
}

/** Up to three words after a number: letters, marks and apostrophes ("so'm", "теңге"). */
const wordsAfter = /^\s?([\p{L}\p{M}'’‘ʻ]+)(?:\s([\p{L}\p{M}'’‘ʻ]+))?(?:\s([\p{L}\p{M}'’‘ʻ]+))?/du;

export interface LocalName {
  code: string;
  /** Where the name ends in the text. */
  edge: number;
}

/**
 * The page's currency named after a number in the page's language (see above): a name, or a country
 * adjective and the noun; after a connector word, whatever `signAt` reads from there. Null when the words
 * after the number name no currency.
 */
export function localNameAfter<T>(
  s: string,
  end: number,
  language: string,
  regions: readonly string[],
  signAt: (at: number) => T | null,
): LocalName | T | null {
  const local = localNames(language, regions);
  if (local === null) return null;
  const m = wordsAfter.exec(s.slice(end, end + 60));
  if (m === null) return null;
  const words: string[] = [];
  const ends: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const word = m[i];
    const span = m.indices?.[i];
    if (word === undefined || span === undefined) break;
    words.push(foldToken(word));
    ends.push(end + span[1]);
  }
  for (let n = words.length; n >= 1; n--) {
    const code = local.names.get(words.slice(0, n).join(" "));
    if (code !== undefined) return { code, edge: ends[n - 1] as number };
  }
  const [first = "", second] = words;
  if (second !== undefined) {
    const code = local.adjectives.get([...first].slice(0, 3).join(""));
    if (code !== undefined && local.names.get(second) === code) return { code, edge: ends[1] as number };
  }
  return local.connectors.has(first) ? signAt(ends[0] as number) : null;
}
