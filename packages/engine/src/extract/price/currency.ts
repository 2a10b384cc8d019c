import { boundedCache } from "../bounded-cache";
import { currencyTable, type TokenMeaning } from "./currency-table";
import { foldToken } from "./fold";

/** Where the page is: the evidence that resolves signs shared by several currencies ($, kr, ¥, R, Rs). */
export interface LocaleHints {
  /** Last label of the host name ("de", "com", "ar"), or "" when unknown. */
  tld: string;
  /** Country of the page, most specific first: the lang attribute's region, the host's, the language's. */
  region: string;
  /** Primary language ("ja", "zh", "es"), or "". */
  language: string;
  /** Regions in the order they count as evidence (upper case): lang region, host region, likely region. */
  regions: string[];
}

/** The region a language is mostly used in ("sv" → "SE", "ja" → "JP"), from ICU's likely subtags. */
const likelyRegion = boundedCache(500, (language) => {
  if (language === "") return "";
  try {
    return new Intl.Locale(language).maximize().region ?? "";
  } catch {
    return "";
  }
});

export function localeHints(pageUrl: string, lang: string | null): LocaleHints {
  let host = "";
  try {
    host = new URL(pageUrl).hostname.toLowerCase();
  } catch {
    host = "";
  }
  const labels = host.split(".");
  // Second-level country domains such as "com.ar" or "co.uk": the country is the last label either way.
  const tld = labels[labels.length - 1] ?? "";
  const langParts = (lang ?? "").toLowerCase().split(/[-_]/);
  const language = /^[a-z]{2,3}$/.test(langParts[0] ?? "") ? (langParts[0] as string) : "";
  const langRegion = langParts.slice(1).find((p) => /^[a-z]{2}$/.test(p)) ?? "";
  const hostRegion =
    /^[a-z]{2}-([a-z]{2})$/.exec(labels[0] ?? "")?.[1] ?? (tld.length === 2 && tld !== "uk" ? tld : "");
  const tldRegion = tld === "uk" ? "gb" : hostRegion;
  const regions = [langRegion, tldRegion, likelyRegion(language).toLowerCase()]
    .filter((r) => r !== "")
    .map((r) => r.toUpperCase());
  return { tld, region: (tldRegion || langRegion).toLowerCase(), language, regions };
}

/** The currency a region prices in, when a page shows numbers without any symbol. */
export function regionDefaultCurrency(hints: LocaleHints): string | null {
  const table = currencyTable();
  for (const region of hints.regions) {
    const code = table.regionCurrency.get(region);
    if (code !== undefined) return code;
  }
  return null;
}

/**
 * Which of a token's currencies the page means. Evidence in order: the currency the page states in its
 * structured data or meta (`preferred`), the language's region, the shop's country, the language's usual
 * country; else the currency the sign stands for internationally ("$" USD, "¥" JPY), else unknown.
 */
export function resolveMeaning(
  meaning: TokenMeaning,
  hints: LocaleHints,
  preferred: string | null = null,
): string | null {
  const candidates = meaning.currencies;
  if (candidates.length === 1) return candidates[0] as string;
  if (preferred !== null && candidates.includes(preferred)) return preferred;
  const table = currencyTable();
  for (const region of hints.regions) {
    const code = table.regionCurrency.get(region);
    if (code !== undefined && candidates.includes(code)) return code;
  }
  return meaning.primary;
}

/** The meaning of a token as written: an ISO code, a symbol or a local abbreviation; null when unknown. */
export function tokenMeaning(token: string): TokenMeaning | null {
  const t = token.trim();
  if (t === "") return null;
  const table = currencyTable();
  return (
    ([...t].length === 1 ? table.chars.get(t) : undefined) ??
    table.tokens.get(foldToken(t)) ??
    table.tokens.get(foldToken(t.replace(/\.$/, ""))) ??
    null
  );
}

/** ISO code for a symbol, code or local abbreviation as written in a page; null when unknown. */
export function currencyFromToken(
  token: string,
  hints: LocaleHints,
  preferred: string | null = null,
): string | null {
  const meaning = tokenMeaning(token);
  return meaning === null ? null : resolveMeaning(meaning, hints, preferred);
}

/** Digits after the decimal mark in a currency (3 for dinars, 0 for yen), null when unknown. */
export function fractionDigitsOf(currency: string | null): number | null {
  return currency === null ? null : (currencyTable().fractionDigits.get(currency) ?? null);
}

/** The currency a region prices in (upper-case region code), or null. */
export function currencyOfRegion(region: string): string | null {
  return currencyTable().regionCurrency.get(region.toUpperCase()) ?? null;
}
