import type { Availability } from "../../snapshot";
import { schemaAvailability } from "../availability/schema-availability";
import { structuredAmount } from "./structured-amount";

/** One offer found in structured data: a price, a range, a currency and/or a stock flag. */
export interface StructuredOffer {
  amount: number | null;
  /** The offer states a price of zero: a placeholder for "no price" (on request, sold out). */
  zeroPrice?: boolean;
  maxAmount: number | null;
  currency: string | null;
  availability: Availability | null;
}

export interface JsonLdFacts {
  offers: StructuredOffer[];
  hasProduct: boolean;
  /** Article, NewsArticle, BlogPosting, … : editorial pages whose product meta is a decoy. */
  hasArticle: boolean;
}

const productTypes = new Set([
  "product",
  "productgroup",
  "individualproduct",
  "productmodel",
  "vehicle",
  "car",
  "book",
]);
const offerTypes = new Set(["offer", "aggregateoffer"]);
const articleTypes = /article|blogposting|newsarticle|report|reportage|liveblogposting|opinionnewsarticle/i;
const maxNodes = 5000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function readJsonLd(scripts: string[]): JsonLdFacts {
  const facts: JsonLdFacts = { offers: [], hasProduct: false, hasArticle: false };
  for (const script of scripts) {
    const parsed = parseLenient(script);
    if (parsed !== undefined) collect(parsed, facts);
  }
  return facts;
}

function parseLenient(script: string): Json | undefined {
  const cleaned = script
    .trim()
    .replace(/^(?:\/\/\s*)?<!\[CDATA\[|(?:\/\/\s*)?\]\]>$/g, "")
    .replace(/^<!--|-->$/g, "")
    .trim();
  try {
    return JSON.parse(cleaned) as Json;
  } catch {
    try {
      // Raw newlines and tabs inside strings are a common hand-written mistake.
      return JSON.parse(cleaned.replace(/[\n\r\t]+/g, " ").replace(/,\s*([}\]])/g, "$1")) as Json;
    } catch {
      return undefined;
    }
  }
}

function typesOf(node: { [key: string]: Json }): string[] {
  const t = node["@type"];
  if (typeof t === "string") return [t.toLowerCase().replace(/^.*[/:]/, "")];
  if (Array.isArray(t))
    return t.filter((x): x is string => typeof x === "string").map((x) => x.toLowerCase());
  return [];
}

function collect(root: Json, facts: JsonLdFacts): void {
  const stack: Json[] = [root];
  let visited = 0;
  while (stack.length > 0 && visited++ < maxNodes) {
    const node = stack.pop() as Json;
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i] as Json);
      continue;
    }
    const types = typesOf(node);
    if (types.some((t) => productTypes.has(t))) facts.hasProduct = true;
    if (types.some((t) => articleTypes.test(t))) facts.hasArticle = true;
    if (types.some((t) => offerTypes.has(t))) {
      const offer = readOffer(node);
      if (offer !== null) facts.offers.push(offer);
    }
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      // Related and similar products are other products: their offers are not this page's price.
      if (
        key === "isRelatedTo" ||
        key === "isSimilarTo" ||
        key === "review" ||
        key === "isAccessoryOrSparePartFor"
      )
        continue;
      stack.push(node[key] as Json);
    }
  }
}

function readOffer(node: { [key: string]: Json }): StructuredOffer | null {
  const spec = paidPriceSpecification(node.priceSpecification);
  const currencyRaw = node.priceCurrency ?? spec?.priceCurrency;
  const currency =
    typeof currencyRaw === "string" && currencyRaw.trim() !== "" ? currencyRaw.trim().toUpperCase() : null;
  const low = structuredAmount(node.lowPrice, currency);
  const high = structuredAmount(node.highPrice, currency);
  const price = structuredAmount(node.price, currency) ?? structuredAmount(spec?.price, currency);
  // A zero price is a placeholder (price on request, sold out), not a price.
  const amount = price !== null && price > 0 ? price : low !== null && low > 0 ? low : null;
  const maxAmount = high !== null && amount !== null && high > amount ? high : null;
  const availabilityRaw = node.availability;
  const availability = typeof availabilityRaw === "string" ? schemaAvailability(availabilityRaw) : null;
  if (amount === null && availability === null) return null;
  return { amount, maxAmount, currency, availability, zeroPrice: price === 0 && amount === null };
}

/** The price specification the buyer pays: not the list or strike-through price beside it. */
function paidPriceSpecification(value: Json | undefined): { [key: string]: Json } | null {
  const specs = (Array.isArray(value) ? value : [value]).filter(
    (v): v is { [key: string]: Json } => v !== null && typeof v === "object" && !Array.isArray(v),
  );
  const notList = specs.find(
    (spec) => !/listprice|strikethroughprice|msrp|invoice/i.test(String(spec.priceType ?? "")),
  );
  return notList ?? specs[0] ?? null;
}
