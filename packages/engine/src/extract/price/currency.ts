/** Where the page is: used to resolve symbols shared by several currencies ($, kr, ¥, R). */
export interface LocaleHints {
  /** Last label of the host name ("de", "com", "ar"), or "" when unknown. */
  tld: string;
  /** Country or region from the host's first label or the page language ("ar-sa" → "sa", "en-ca" → "ca"). */
  region: string;
  /** Primary language ("ja", "zh", "es"), or "". */
  language: string;
}

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
  const hostRegion = /^[a-z]{2}-([a-z]{2})$/.exec(labels[0] ?? "")?.[1] ?? "";
  const region = hostRegion || (tld.length === 2 ? tld : "") || (langParts[1] ?? "");
  return { tld, region, language: langParts[0] ?? "" };
}

const dollarByRegion: Record<string, string> = {
  ca: "CAD",
  au: "AUD",
  nz: "NZD",
  mx: "MXN",
  cl: "CLP",
  ar: "ARS",
  co: "COP",
  uy: "UYU",
  sg: "SGD",
  hk: "HKD",
  tw: "TWD",
  br: "BRL",
};

const kronaByRegion: Record<string, string> = { se: "SEK", no: "NOK", dk: "DKK", is: "ISK", fo: "DKK" };

/** Unambiguous symbols and local abbreviations, longest first where one is a prefix of another. */
export const symbols: [string, string][] = [
  ["R$", "BRL"],
  ["US$", "USD"],
  ["U$S", "USD"],
  ["C$", "CAD"],
  ["CA$", "CAD"],
  ["A$", "AUD"],
  ["AU$", "AUD"],
  ["NZ$", "NZD"],
  ["HK$", "HKD"],
  ["S$", "SGD"],
  ["NT$", "TWD"],
  ["MX$", "MXN"],
  ["€", "EUR"],
  ["£", "GBP"],
  ["₹", "INR"],
  ["₽", "RUB"],
  ["₴", "UAH"],
  ["₪", "ILS"],
  ["₩", "KRW"],
  ["원", "KRW"],
  ["円", "JPY"],
  ["฿", "THB"],
  ["₫", "VND"],
  ["₦", "NGN"],
  ["₱", "PHP"],
  ["₺", "TRY"],
  ["₸", "KZT"],
  ["₼", "AZN"],
  ["₾", "GEL"],
  ["zł", "PLN"],
  ["Kč", "CZK"],
  ["Ft", "HUF"],
  ["lei", "RON"],
  ["лв", "BGN"],
  ["руб", "RUB"],
  ["грн", "UAH"],
  ["ج.م", "EGP"],
  ["ر.س", "SAR"],
  ["د.إ", "AED"],
  ["د.ك", "KWD"],
  ["ر.ق", "QAR"],
  ["ريال", "SAR"],
  ["درهم", "AED"],
  ["ש״ח", "ILS"],
  ["Rp", "IDR"],
  ["RM", "MYR"],
  ["kn", "HRK"],
  ["din", "RSD"],
];

const regionCurrency: Record<string, string> = {
  us: "USD",
  uk: "GBP",
  gb: "GBP",
  ie: "EUR",
  de: "EUR",
  at: "EUR",
  fr: "EUR",
  es: "EUR",
  it: "EUR",
  nl: "EUR",
  be: "EUR",
  pt: "EUR",
  fi: "EUR",
  gr: "EUR",
  sk: "EUR",
  si: "EUR",
  ee: "EUR",
  lv: "EUR",
  lt: "EUR",
  lu: "EUR",
  ch: "CHF",
  pl: "PLN",
  cz: "CZK",
  hu: "HUF",
  ro: "RON",
  bg: "BGN",
  hr: "EUR",
  rs: "RSD",
  ru: "RUB",
  by: "BYN",
  ua: "UAH",
  tr: "TRY",
  il: "ILS",
  sa: "SAR",
  ae: "AED",
  eg: "EGP",
  in: "INR",
  pk: "PKR",
  jp: "JPY",
  cn: "CNY",
  kr: "KRW",
  tw: "TWD",
  th: "THB",
  vn: "VND",
  id: "IDR",
  my: "MYR",
  ph: "PHP",
  za: "ZAR",
  ng: "NGN",
  se: "SEK",
  no: "NOK",
  dk: "DKK",
  ...dollarByRegion,
};

export const isoCodes = new Set([
  ...Object.values(regionCurrency),
  "USD",
  "EUR",
  "GBP",
  "JPY",
  "CNY",
  "CHF",
  "KWD",
  "BHD",
  "OMR",
  "JOD",
  "QAR",
  "ISK",
  "AZN",
  "GEL",
  "KZT",
  "UYU",
  "PEN",
  "BOB",
  "PYG",
  "CRC",
]);

/** Currencies with three decimal places: "KD 1.500" is one and a half dinars. */
export const threeDecimalCurrencies = new Set(["KWD", "BHD", "OMR", "JOD", "TND", "LYD", "IQD"]);

/** The currency a region prices in, when a page shows numbers without any symbol. */
export function regionDefaultCurrency(hints: LocaleHints): string | null {
  return regionCurrency[hints.region] ?? null;
}

/** ISO code for a symbol, code or local abbreviation as written in a page; null when unknown. */
export function currencyFromToken(token: string, hints: LocaleHints): string | null {
  const t = token.trim().replace(/\.$/, "");
  if (t === "") return null;
  const upper = t.toUpperCase();
  if (/^[A-Z]{3}$/.test(upper) && isoCodes.has(upper)) return upper;
  if (t === "$") return dollarByRegion[hints.region] ?? "USD";
  if (upper === "KR") return kronaByRegion[hints.region] ?? "SEK";
  if (t === "¥" || t === "￥") return hints.language === "zh" || hints.region === "cn" ? "CNY" : "JPY";
  if (upper === "RS" || upper === "RS." || t === "₨") return hints.region === "pk" ? "PKR" : "INR";
  if (t === "R") return "ZAR";
  if (t === "р" || t === "р." || upper === "BR" || t === "руб.") return hints.region === "by" ? "BYN" : "RUB";
  if (upper === "TL") return "TRY";
  if (t === "元") return hints.region === "tw" ? "TWD" : hints.region === "hk" ? "HKD" : "CNY";
  if (upper === "SFR" || upper === "FR") return "CHF";
  for (const [symbol, code] of symbols) if (t === symbol || upper === symbol.toUpperCase()) return code;
  return null;
}
