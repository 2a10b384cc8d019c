import countryToCurrency from "country-to-currency";
import { foldToken } from "./fold";

/**
 * What the page's words and symbols can mean as money, built once (on first use) from the CLDR data in
 * Node's ICU: ISO 4217 codes (`Intl.supportedValuesOf`), symbols and narrow symbols in English and in each
 * currency's home locales, localized names (singular and plural forms) in those locales' languages, and the
 * number of decimals of each currency. ECMA-402 exposes no country → currency mapping, so that comes from
 * the `country-to-currency` package (ISO 3166 → ISO 4217, kept up to date with euro adoptions).
 */
export interface CurrencyTable {
  /** Folded token (symbol, code, name) → the currencies it can stand for, most used first. */
  tokens: Map<string, TokenMeaning>;
  /** Single characters, case-sensitive ("R" is a rand, "r" is not). */
  chars: Map<string, TokenMeaning>;
  codes: Set<string>;
  /** Longest folded token, in characters: how far around a number a token is looked for. */
  maxTokenLength: number;
  /**
   * The lengths of the tokens by their first two characters, and by their last two, longest first: the
   * only lengths a token starting (ending) with those characters can have, so a look for the token right
   * after (before) a number tries those, not every length up to `maxTokenLength`.
   */
  lengthsByStart: Map<string, number[]>;
  lengthsByEnd: Map<string, number[]>;
  fractionDigits: Map<string, number>;
  /** Region (upper case, "AU") → its currency. */
  regionCurrency: Map<string, string>;
}

export interface TokenMeaning {
  /** Candidate currencies; `primary` is the one the token means when nothing else tells. */
  currencies: string[];
  /** The currency the token stands for in most locales that use it, or null when no single one dominates. */
  primary: string | null;
  /** An ISO code written out: the strongest evidence a page can give. */
  isCode: boolean;
  /** Whether some locale writes the token in lower case: "kr" is, "Le" (leone) is not ("le 16 décembre"). */
  lowerCase: boolean;
}

/**
 * Everyday shop abbreviations that CLDR does not carry (it keeps one symbol per currency and locale and has
 * replaced several of these with new signs: "руб." with "₽", "грн." with "₴", "TL" with "₺"), and units
 * shown instead of the ISO unit ("تومان" = ten rials, shown as written). test/extract/currency-table.test.ts
 * checks that the table ICU alone gives lacks each of them, so the list cannot silently duplicate ICU.
 */
export const abbreviationsIcuLacks: readonly [string, readonly string[]][] = [
  ["руб", ["RUB", "BYN"]],
  ["руб.", ["RUB", "BYN"]],
  ["р.", ["RUB", "BYN"]],
  ["б.р.", ["BYN"]],
  ["Р", ["RUB"]],
  ["грн", ["UAH"]],
  ["грн.", ["UAH"]],
  ["тг", ["KZT"]],
  ["дин.", ["RSD"]],
  ["TL", ["TRY"]],
  ["KD", ["KWD"]],
  ["BD", ["BHD"]],
  ["QR", ["QAR"]],
  ["SR", ["SAR"]],
  ["JD", ["JOD"]],
  ["Dhs", ["AED", "MAD"]],
  ["DH", ["MAD", "AED"]],
  ["LE", ["EGP"]],
  ["L.E.", ["EGP"]],
  ["تومان", ["IRR"]],
  ["đ", ["VND"]],
  ["Rs", ["INR"]],
  ["Rs.", ["INR", "PKR", "LKR", "NPR", "MUR"]],
  ["S/.", ["PEN"]],
  ["SFr.", ["CHF"]],
  ["Fr.", ["CHF"]],
  ["U$S", ["USD"]],
  ["$U", ["UYU"]],
  ["RMB", ["CNY"]],
  ["元", ["CNY", "TWD", "HKD"]],
  ["ש״ח", ["ILS"]],
  ['ש"ח', ["ILS"]],
  ["บาท", ["THB"]],
  ["원", ["KRW"]],
];

/** One number per plural category in every language (one, two, few, many, other). */
const countSamples = [1, 2, 3, 5, 11, 21, 100];

let table: CurrencyTable | null = null;

export function currencyTable(): CurrencyTable {
  table ??= buildCurrencyTable();
  return table;
}

/** The table from ICU and the country list, with the abbreviations above unless told otherwise. */
export function buildCurrencyTable(withAbbreviations = true): CurrencyTable {
  const codes = new Set(Intl.supportedValuesOf("currency"));
  const regionCurrency = new Map<string, string>();
  for (const [region, code] of Object.entries(countryToCurrency as Record<string, string>))
    if (codes.has(code)) regionCurrency.set(region, code);
  // A currency's home locales: its countries' likely language and English there, and (ISO 4217 codes start
  // with the issuing country) the country its code names, for currencies no country uses any more.
  const homeLocales = new Map<string, Set<string>>();
  const addHome = (code: string, region: string) => {
    let language: string;
    try {
      language = new Intl.Locale(`und-${region}`).maximize().language;
    } catch {
      return;
    }
    if (language === "und") return;
    const locales = homeLocales.get(code) ?? new Set<string>();
    homeLocales.set(code, locales);
    // One locale per language is enough: the euro reads alike in de-DE and de-AT.
    if (![...locales].some((l) => l.startsWith(`${language}-`))) {
      locales.add(`${language}-${region}`);
      // A language written in two scripts ("dinara" and "динара", "so‘m" and "сўм"): its names in the
      // other scripts too, where ICU has them.
      for (const script of ["Latn", "Cyrl", "Arab"]) {
        const written = `${language}-${script}-${region}`;
        if (new Intl.NumberFormat(written).resolvedOptions().locale === written) locales.add(written);
      }
    }
  };
  // Every region using a currency, too: a word starting like any of their names is that currency's adjective.
  const homeRegions = new Map<string, string[]>();
  for (const [region, code] of regionCurrency) {
    addHome(code, region);
    const regions = homeRegions.get(code) ?? [];
    regions.push(region);
    homeRegions.set(code, regions);
  }
  for (const code of codes) if (!homeLocales.has(code)) addHome(code, code.slice(0, 2));
  // count[token][currency]: in how many locales the token is that currency's symbol.
  const counts = new Map<string, Map<string, number>>();
  const internationalSymbol = new Map<string, string>();
  const lowerCase = new Set<string>();
  const add = (token: string, code: string, weight = 1) => {
    const t = token.replace(/[\s\p{Cf}]+/gu, " ").trim();
    if (t === "" || /\d/.test(t)) return;
    const key = keyOf(t);
    if (t === t.toLowerCase()) lowerCase.add(key);
    // Abbreviations are written with or without their period: "лв." and "лв", "ر.س." and "ر.س".
    // Two Latin letters without their period are too common a word ("fr", "rs"): those keep it.
    const bare = key.slice(0, -1);
    if (key.endsWith(".") && bare.length >= 2 && (bare.length > 2 || /[^a-z]/.test(bare)))
      addKey(bare, code, weight);
    addKey(key, code, weight);
  };
  const addKey = (key: string, code: string, weight: number) => {
    const byCode = counts.get(key) ?? new Map<string, number>();
    counts.set(key, byCode);
    byCode.set(code, (byCode.get(code) ?? 0) + weight);
  };
  const fractionDigits = new Map<string, number>();
  for (const code of codes) {
    const english = new Intl.NumberFormat("en", { style: "currency", currency: code });
    fractionDigits.set(code, english.resolvedOptions().maximumFractionDigits ?? 2);
    for (const locale of ["en", ...(homeLocales.get(code) ?? [])]) {
      const symbol = currencyPart(locale, code, "symbol", [1])[0] as string;
      add(symbol, code, 2);
      // The English (international) symbol names the currency a bare sign means: "$" USD, "¥" JPY, "£" GBP.
      if (locale === "en" && symbol !== code) internationalSymbol.set(keyOf(symbol), code);
      add(currencyPart(locale, code, "narrowSymbol", [1])[0] as string, code, 1);
      if (locale === "en") continue;
      // Names in the home languages, as written after an amount: "1 euro", "2 euros", "5 рублей", and
      // every whole-number count form ("19 evrov", "29 eurų", "99 جنيه").
      for (const name of currencyPart(locale, code, "name", [1, 2, 5])) add(name, code, 1);
      for (const name of currencyPart(locale, code, "name", countSamples, 0)) add(name, code, 1);
      for (const noun of currencyNouns(locale, code, homeRegions.get(code) ?? [])) add(noun, code, 1);
    }
  }
  for (const [token, currencies] of withAbbreviations ? abbreviationsIcuLacks : [])
    currencies.forEach((code, i) => {
      add(token, code, currencies.length - i);
    });

  // "C$", "NZ$", "A$": letters before a dollar sign start the code of the dollar meant (C$ is a córdoba in
  // CLDR, and the Canadian dollar on many shops): every such currency is a candidate.
  const dollars = [...(counts.get("$")?.keys() ?? [])];
  for (const [key, byCode] of counts) {
    const letters = /^([a-z]{1,3})\$$/.exec(key)?.[1]?.toUpperCase();
    if (letters === undefined) continue;
    for (const code of dollars) if (code.startsWith(letters) && !byCode.has(code)) byCode.set(code, 0);
  }
  const tokens = new Map<string, TokenMeaning>();
  const chars = new Map<string, TokenMeaning>();
  let maxTokenLength = 3;
  for (const [key, byCode] of counts) {
    const meaning = meaningOf(byCode, internationalSymbol.get(key) ?? null, lowerCase.has(key));
    if ([...key].length === 1) chars.set(key, meaning);
    else {
      tokens.set(key, meaning);
      maxTokenLength = Math.max(maxTokenLength, key.length);
    }
  }
  for (const code of codes)
    tokens.set(code.toLowerCase(), { currencies: [code], primary: code, isCode: true, lowerCase: true });
  return {
    tokens,
    chars,
    codes,
    maxTokenLength,
    lengthsByStart: lengthsBy(tokens.keys(), (token) => token.slice(0, 2)),
    lengthsByEnd: lengthsBy(tokens.keys(), (token) => token.slice(-2)),
    fractionDigits,
    regionCurrency,
  };
}

/** Token lengths grouped by `edge` of the token, each group distinct and longest first. */
function lengthsBy(tokens: Iterable<string>, edge: (token: string) => string): Map<string, number[]> {
  const groups = new Map<string, Set<number>>();
  for (const token of tokens) {
    const key = edge(token);
    const lengths = groups.get(key) ?? new Set<number>();
    lengths.add(token.length);
    groups.set(key, lengths);
  }
  return new Map([...groups].map(([key, lengths]) => [key, [...lengths].sort((a, b) => b - a)]));
}

/**
 * The noun of a currency's name without its country ("300 złotych" for "złotych polskich", "199 reais" for
 * "Reais brasileiros", "1000 рублей" for "российских рублей"), from the name's whole-number forms (1, 2, 5:
 * the plural categories), in lower case as running text writes it. A word that starts like the name of a
 * country using the currency, in that language, is the adjective and is left out. Short words are kept
 * only in plural forms: "real" or "peso" alone is too often a word. English names are left out: "5 pounds"
 * is a weight far more often than a price.
 */
export function currencyNouns(locale: string, code: string, regions: readonly string[]): string[] {
  const { language, region } = new Intl.Locale(locale);
  if (language === "en" || region === undefined) return [];
  const countryStems = countryStemsIn(locale, [region, ...regions]);
  const wordsOf = (name: string, stems = countryStems) => {
    const words = name.toLowerCase().split(/\s+/);
    return words.length < 2 ? [] : words.filter((word) => !stems.has(stemOf(word)));
  };
  const [one = "", ...plural] = currencyPart(locale, code, "name", countSamples, 0);
  // Letters as written: folding drops the vowel signs of Indic scripts ("টাকা" would count 2).
  const nouns = new Set(plural.flatMap((name) => wordsOf(name)).filter((word) => [...word].length >= 4));
  for (const word of wordsOf(one)) if ([...word].length >= 5) nouns.add(word);
  // A count form's words without the country, as one phrase: "de lei" in "100 de lei românești".
  for (const name of plural) {
    const words = wordsOf(name);
    if (words.length >= 2) nouns.add(words.join(" "));
  }
  // Words that also qualify another currency's noun in this language: "חדשים" (new) in "שקלים חדשים" is
  // in "דולר טייוואני חדש" too, as "New" is in both English names. They describe: "5 חדשים" is five new
  // ones. (Two names sharing their noun, "ريال سعودي" and "ريال يمني", share no English word: Riyal, Rial.)
  const names = new Intl.DisplayNames([locale], { type: "currency" });
  const own = wordsOf(names.of(code) ?? "");
  if (own.length < 2) return [...nouns];
  const ownStems = new Set(own.map(stemOf));
  const shared = new Set<string>();
  for (const [other, otherRegions] of regionsByCurrency()) {
    if (other === code) continue;
    const stems = wordsOf(names.of(other) ?? "", countryStemsIn(locale, otherRegions)).map(stemOf);
    if (stems.length < 2 || stems.every((stem) => ownStems.has(stem)) || !shareEnglishWord(code, other))
      continue;
    for (const stem of stems) if (ownStems.has(stem)) shared.add(stem);
  }
  // A qualifier in the English name ("Israeli New Shekel") that this language's names do not show in
  // another currency ("شيكل إسرائيلي جديد"): which word is the noun is not known, so none is taken.
  if (shared.size === 0 && hasEnglishQualifier(code, regions)) return [];
  return [...nouns].filter((word) => !shared.has(stemOf(word)));
}

/**
 * Whether the English name, without its country's words, holds a word that leads another currency's
 * English name too: "New" in "Israeli New Shekel" and "New Taiwan Dollar". Nouns come last in English.
 */
function hasEnglishQualifier(code: string, regions: readonly string[]): boolean {
  const country = countryStemsIn("en", regions);
  const words = (englishNames.of(code) ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => !country.has(stemOf(word)));
  if (words.length < 2) return false;
  const leading = new Set(words.slice(0, -1));
  for (const other of Intl.supportedValuesOf("currency")) {
    if (other === code) continue;
    const otherWords = (englishNames.of(other) ?? "").toLowerCase().split(/\s+/);
    if (otherWords.slice(0, -1).some((word) => leading.has(word))) return true;
  }
  return false;
}

/** The stems of the names of these regions in the locale's language: "polskich" starts like "Polska". */
function countryStemsIn(locale: string, regions: readonly string[]): Set<string> {
  let countries = regionNames.get(locale);
  if (countries === undefined) {
    countries = new Intl.DisplayNames([locale], { type: "region" });
    regionNames.set(locale, countries);
  }
  const names = countries;
  // A region code this ICU does not know (a newer country list) names nothing, rather than failing the table.
  const countryName = (regionCode: string) => {
    try {
      return names.of(regionCode) ?? "";
    } catch {
      return "";
    }
  };
  return new Set(regions.flatMap((r) => countryName(r).split(/\s+/).map(stemOf)));
}

const regionNames = new Map<string, Intl.DisplayNames>();

const englishNames = new Intl.DisplayNames(["en"], { type: "currency" });

function shareEnglishWord(a: string, b: string): boolean {
  const words = new Set((englishNames.of(a) ?? "").toLowerCase().split(/\s+/));
  return (englishNames.of(b) ?? "")
    .toLowerCase()
    .split(/\s+/)
    .some((word) => words.has(word));
}

let currencyRegions: Map<string, string[]> | null = null;

/** Each currency with the regions that use it. */
function regionsByCurrency(): Map<string, string[]> {
  if (currencyRegions === null) {
    currencyRegions = new Map();
    for (const [region, code] of Object.entries(countryToCurrency as Record<string, string>))
      currencyRegions.set(code, [...(currencyRegions.get(code) ?? []), region]);
  }
  return currencyRegions;
}

/** The first three letters, folded: the adjective "polskich" and the country "Polska" share "pol". */
function stemOf(word: string): string {
  return [...foldToken(word)].slice(0, 3).join("");
}

function currencyPart(
  locale: string,
  currency: string,
  currencyDisplay: "symbol" | "narrowSymbol" | "name",
  values: number[],
  fractionDigits?: number,
): string[] {
  const format = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    currencyDisplay,
    ...(fractionDigits === undefined
      ? {}
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  });
  // Some locales put the symbol before the number and the name after it ("₺20 Türk lirası"): the name is
  // the last currency part.
  return values.map(
    (value) => format.formatToParts(value).findLast((p) => p.type === "currency")?.value ?? "",
  );
}

/** Single characters keep their case ("R" is a rand, "r" is not); longer tokens are folded. */
function keyOf(token: string): string {
  const compat = token.normalize("NFKC");
  return [...compat].length === 1 ? compat : foldToken(token);
}

function meaningOf(
  byCode: Map<string, number>,
  international: string | null,
  lowerCase: boolean,
): TokenMeaning {
  const currencies = [...byCode].sort((a, b) => b[1] - a[1]).map(([code]) => code);
  const primary = currencies.length === 1 ? (currencies[0] as string) : international;
  return { currencies, primary, isCode: false, lowerCase };
}
