/**
 * Currency names as sentences inflect them beyond CLDR's count forms: "4990 forintért", "2 990 forintot",
 * "19,99 złotego", "450 гривню". For each language, the stems of the currency nouns its countries use are
 * built from ICU (the common beginning of the noun's count forms: "złoty / złote / złotych" → "złot"); a
 * word after a number that is such a stem plus a short ending is that currency. Read only in the page's own
 * language, and never when the word begins a place name there ("Europa", "Euroopa").
 */
import { currencyNouns, currencyTable } from "./currency-table";
import { foldToken } from "./fold";

const minStem = 4;
const maxEnding = 3;

interface LanguageStems {
  stems: [string, string][];
  placeWords: Set<string>;
}

const byLanguage = new Map<string, LanguageStems>();
const regionLanguage = new Map<string, string>();

function languageOf(region: string): string {
  let language = regionLanguage.get(region);
  if (language === undefined) {
    try {
      language = new Intl.Locale(`und-${region}`).maximize().language;
    } catch {
      language = "und";
    }
    regionLanguage.set(region, language);
  }
  return language;
}

function commonStart(words: string[]): string {
  let stem = words[0] ?? "";
  for (const word of words) while (!word.startsWith(stem)) stem = stem.slice(0, -1);
  return stem;
}

function stemsOf(language: string): LanguageStems {
  let entry = byLanguage.get(language);
  if (entry !== undefined) return entry;
  const stems: [string, string][] = [];
  const { regionCurrency } = currencyTable();
  const regionsByCode = new Map<string, string[]>();
  for (const [region, code] of regionCurrency)
    regionsByCode.set(code, [...(regionsByCode.get(code) ?? []), region]);
  const places = new Intl.DisplayNames([language], { type: "region" });
  const placeWords = new Set<string>();
  for (const [region, code] of regionCurrency) {
    placeWords.add(foldToken(places.of(region) ?? ""));
    if (languageOf(region) !== language) continue;
    const nouns = currencyNouns(`${language}-${region}`, code, regionsByCode.get(code) ?? []).map(foldToken);
    const stem = commonStart(nouns);
    if ([...stem].length >= minStem && !stems.some(([s, c]) => s === stem && c === code))
      stems.push([stem, code]);
  }
  for (const area of ["150", "EU", "EZ", "419"]) placeWords.add(foldToken(places.of(area) ?? ""));
  entry = { stems, placeWords };
  byLanguage.set(language, entry);
  return entry;
}

/** The currency an inflected name after a number stands for, in the page's language; null when none. */
export function inflectedCurrency(word: string, language: string): string | null {
  if (language === "") return null;
  const folded = foldToken(word);
  const { stems, placeWords } = stemsOf(language);
  const start = folded.slice(0, minStem + 1);
  for (const place of placeWords) if (place.startsWith(start)) return null;
  const letters = [...folded].length;
  const found = new Set<string>();
  for (const [stem, code] of stems) {
    const ending = letters - [...stem].length;
    if (ending >= 1 && ending <= maxEnding && folded.startsWith(stem)) found.add(code);
  }
  return found.size === 1 ? ([...found][0] as string) : null;
}
