import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";
import { currencyFromToken, localeHints } from "../../src/extract/price/currency";
import {
  abbreviationsIcuLacks,
  buildCurrencyTable,
  currencyNouns,
  currencyTable,
} from "../../src/extract/price/currency-table";
import { foldToken } from "../../src/extract/price/fold";
import { inflectedCurrency } from "../../src/extract/price/inflected-names";
import { findMoney } from "../../src/extract/price/money";
import { readNumber } from "../../src/extract/price/number";

const hints = (url: string, lang: string | null = null) => localeHints(url, lang);
/** The amount and currency read from `text` on a page at `url` in `lang`. */
const expectMoney = (text: string, url: string, lang: string, amount: number, currency: string) =>
  expect(findMoney(text, hints(url, lang))).toMatchObject({ amount, currency });

describe("the currency table built from ICU", () => {
  it("is built once, from every ISO 4217 code ICU knows, and prints what it cost", () => {
    const started = performance.now();
    const table = currencyTable();
    console.log(
      `currency table: ${table.codes.size} codes, ${table.tokens.size + table.chars.size} tokens, ${(performance.now() - started).toFixed(0)} ms (first use in this process)`,
    );
    expect(currencyTable()).toBe(table);
    expect(table.codes).toEqual(new Set(Intl.supportedValuesOf("currency")));
    expect(table.fractionDigits.get("KWD")).toBe(3);
    expect(table.fractionDigits.get("JPY")).toBe(0);
  });

  it("knows symbols, narrow symbols and names from CLDR, with the currencies a shared sign can mean", () => {
    const table = currencyTable();
    expect(table.chars.get("$")?.primary).toBe("USD");
    expect(table.chars.get("$")?.currencies).toEqual(expect.arrayContaining(["AUD", "CAD", "MXN", "SGD"]));
    expect(table.chars.get("¥")?.currencies.sort()).toEqual(["CNY", "JPY"]);
    expect(table.tokens.get("kr")?.primary).toBeNull();
    expect(table.tokens.get(foldToken("zł"))?.currencies).toEqual(["PLN"]);
    expect(table.tokens.get(foldToken("Kč"))?.currencies).toEqual(["CZK"]);
    expect(table.tokens.get("euro")?.currencies).toEqual(["EUR"]);
    expect(table.tokens.get("lei")?.currencies).toEqual(["RON"]);
  });

  it("adds by hand only abbreviations ICU does not carry for those currencies", () => {
    const icuOnly = buildCurrencyTable(false);
    for (const [token, codes] of abbreviationsIcuLacks) {
      const meaning =
        [...token].length === 1 ? icuOnly.chars.get(token) : icuOnly.tokens.get(foldToken(token));
      for (const code of codes) expect(meaning?.currencies ?? [], `${token} for ${code}`).not.toContain(code);
    }
  });
});

describe("amounts written with the currency's name", () => {
  it("reads the name's noun without its country, in the forms its plural takes", () => {
    const cases: [string, string, string, number, string | null][] = [
      ["1 290 korun", "https://shop.example.cz/", "cs", 1290, "CZK"],
      ["24 złote", "https://sklep.example.pl/", "pl", 24, "PLN"],
      ["995 kronor", "https://butik.example.se/", "sv", 995, "SEK"],
      ["1 200 гривень", "https://shop.example.ua/", "uk", 1200, "UAH"],
      ["25 лева", "https://shop.example.bg/", "bg", 25, "BGN"],
      ["1.200 динара", "https://prodavnica.example.rs/", "sr", 1200, "RSD"],
      ["2 500 forint", "https://bolt.example.hu/", "hu", 2500, "HUF"],
      ["50.000 dong", "https://shop.example.vn/", "vi", 50000, "VND"],
      // A noun several currencies share is settled by where the page is.
      ["1.500 pesos", "https://tienda.example.com.ar/", "es-AR", 1500, "ARS"],
      ["1.290 pesos", "https://tienda.example.com.uy/", "es-UY", 1290, "UYU"],
      ["$U 1.290", "https://tienda.example.com.uy/", "es", 1290, "UYU"],
    ];
    for (const [text, url, lang, amount, currency] of cases)
      expect(findMoney(text, hints(url, lang)), text).toMatchObject({ amount, currency });
  });

  it("takes the noun of a name, and a region code ICU cannot name does not stop the table", () => {
    expect(currencyNouns("pl-PL", "PLN", ["PL"]).sort()).toEqual(["złote", "złoty", "złotych"]);
    expect(currencyNouns("pl-PL", "PLN", ["PL", "A"]).sort()).toEqual(["złote", "złoty", "złotych"]);
    expect(currencyNouns("en-GB", "GBP", ["GB"])).toEqual([]);
  });

  it("does not take the country's adjective, a short singular or an English unit for a currency", () => {
    const cases: [string, string, string][] = [
      ["5 brasileiros", "https://loja.example.com.br/", "pt-BR"],
      ["3 polskich firm", "https://sklep.example.pl/", "pl"],
      ["2 svenska", "https://butik.example.se/", "sv"],
      ["4 real", "https://loja.example.com.br/", "pt-BR"],
      ["1 peso", "https://tienda.example.com.mx/", "es-MX"],
      ["Weight: 5 pounds", "https://shop.example.com/", "en-US"],
    ];
    for (const [text, url, lang] of cases) expect(findMoney(text, hints(url, lang)), text).toBeNull();
  });
});

describe("resolving shared signs by evidence", () => {
  it("a written code beats a bare sign", () => {
    const com = hints("https://shop.example.com/", "en");
    expect(findMoney("NZD $100.70", com)?.currency).toBe("NZD");
    expect(findMoney("$1,190.00 AUD", com)?.currency).toBe("AUD");
    expect(findMoney("AU $59.95", com)?.currency).toBe("AUD");
    expect(findMoney("SGD$4.90", com)?.currency).toBe("SGD");
    expect(findMoney("CAN$1.23", com)?.currency).toBe("CAD");
    // Even against the page's own structured currency.
    expect(findMoney("$25.00 CAD", com, "USD")?.currency).toBe("CAD");
  });

  it("then the structured currency, the language's region, the shop's country, the language", () => {
    expect(findMoney("$45.00", hints("https://shop.example.com/", "en"), "AUD")?.currency).toBe("AUD");
    expect(findMoney("$45.00", hints("https://shop.example.com/", "en-CA"))?.currency).toBe("CAD");
    expect(findMoney("$45.00", hints("https://shop.example.com.au/", "en-NZ"))?.currency).toBe("NZD");
    expect(findMoney("$45.00", hints("https://shop.example.com.au/", "en"))?.currency).toBe("AUD");
    expect(findMoney("299 kr", hints("https://shop.example.com/", "da"))?.currency).toBe("DKK");
    expect(findMoney("¥1,280", hints("https://shop.example.com/", "zh"))?.currency).toBe("CNY");
    expect(findMoney("$45.00", hints("https://shop.example.com/", "en"))?.currency).toBe("USD");
  });

  it("leaves the currency unknown when nothing tells a shared sign apart", () => {
    expect(currencyFromToken("kr", hints("https://shop.example.com/", "en"))).toBeNull();
    expect(currencyFromToken("C$", hints("https://shop.example.com/", "en"))).toBeNull();
    expect(currencyFromToken("C$", hints("https://shop.example.ca/", "en"))).toBe("CAD");
  });

  it("does not read words and codes as money", () => {
    const fr = hints("https://www.example.fr/", "fr");
    expect(findMoney("Commenté le 16 décembre 2017", fr)).toBeNull();
    expect(findMoney("Mis en ligne sur example.fr 18 octobre 2016", fr)).toBeNull();
    expect(findMoney("See Top 100 in Grocery", hints("https://example.com/", "en"))).toBeNull();
    expect(findMoney("ASIN B00P17Y73I", hints("https://example.com/", "en"))).toBeNull();
    expect(findMoney("5 L bottle, 10 K steps", hints("https://example.com/", "en"))).toBeNull();
  });
});

describe("reading numbers", () => {
  it.each([
    ["1,234.56", null, 1234.56],
    ["1.234,56", null, 1234.56],
    ["1 234,56", null, 1234.56],
    ["1'234.56", null, 1234.56],
    ["12,34,567.89", null, 1234567.89],
    ["1.837, 32", null, 1837.32],
    ["8. 94", null, 8.94],
    ["3.3900", null, 3.39],
    [".75", null, 0.75],
    ["423.923", 3, 423.923],
    ["24.990", 0, 24990],
    ["0.500", 2, 0.5],
    ["1'299.–", null, 1299],
  ])("%s (%s decimals) = %s", (raw, digits, value) => {
    expect(readNumber(raw, digits)).toBeCloseTo(value, 6);
  });

  it.each(["1.234.56", "1,234,56", "12.34.5", "1,2,3", "1.2345.678"])(
    "%s could be read two ways: no number",
    (raw) => {
      expect(readNumber(raw)).toBeNull();
    },
  );

  it("reads Arabic-Indic, Persian and full-width digits with their own separators", () => {
    expectMoney("٤٩٫٩٩ ر.س", "https://example.sa/", "ar", 49.99, "SAR");
    expectMoney("۱۵۷٬۰۰۰ تومان", "https://example.ir/", "fa", 157000, "IRR");
    expectMoney("￥１，２８０", "https://example.jp/", "ja", 1280, "JPY");
  });
});

describe("picking the price the visitor pays", () => {
  const extract = (body: string, url = "https://shop.example.com/p/1") =>
    extractSnapshotSync({
      url,
      contentType: "text/html",
      text: `<!doctype html><html lang="en"><head><title>Lotion, 200 ml | Shop</title></head><body>${body}</body></html>`,
    }).price;
  const carousel = `<h2>Customers also viewed</h2><ul class="carousel">${[12.5, 19, 7.25, 30]
    .map(
      (p, i) =>
        `<li class="carousel-card"><a href="/p/${i}"><img src="/p/${i}.jpg">Other ${i}</a><span class="price">$${p.toFixed(2)}</span></li>`,
    )
    .join("")}</ul>`;
  // Formats or sizes of the product on show, each priced and linked, but without a picture of another product.
  const formats = `<ul class="formats">${[9.49, 12.49, 15.99]
    .map(
      (p, i) =>
        `<li class="format"><a href="/p/1?format=${i}">Format ${i}</a><span class="price">$${p}</span></li>`,
    )
    .join("")}</ul>`;

  it("a carousel of other products after the heading is not the product's price", () => {
    expect(extract(`<h1>Lamp</h1><p>Available from these sellers.</p>${carousel}`)).toBeNull();
    expect(
      extract(`<h1>Lamp</h1><span class="price">$42.00</span><button>Add to cart</button>${carousel}`),
    ).toMatchObject({
      amount: 42,
      currency: "USD",
    });
  });

  it("priced format or size choices without pictures are the product's own prices, not other products' tiles", () => {
    expect(extract(`<h1>Album</h1>${formats}<button>Buy now</button>`)).toMatchObject({ amount: 9.49 });
  });

  it("tiles are the same for price and stock: the stock of a carousel's tiles is not the product's", () => {
    const stockTiles = `<ul class="carousel">${[1, 2, 3]
      .map(
        (i) =>
          `<li class="card"><a href="/p/${i}"><img src="/p/${i}.jpg">Other ${i}</a><span class="stock">Sold out</span><span class="price">$${i}.00</span></li>`,
      )
      .join("")}</ul>`;
    const snapshot = extractSnapshotSync({
      url: "https://shop.example.com/p/1",
      contentType: "text/html",
      text: `<html lang="en"><body><h1>Lamp</h1><p>See also</p>${stockTiles}</body></html>`,
    });
    expect(snapshot.price).toBeNull();
    expect(snapshot.availability).toBe("unknown");
  });

  it("a subscription price is not the price of one purchase", () => {
    const body = `<h1>Lotion</h1><div class="subscription"><span class="price">$8.27</span> Subscribe &amp; save</div>
      <span class="header-price">$8.71</span><button>Add to cart</button>`;
    expect(extract(body)).toMatchObject({ amount: 8.71, currency: "USD" });
  });

  it("the buy box follows the h1 that names the product, not a badge or review h1 before it", () => {
    const body = `<h1>15% off</h1><p>Deliveries every month</p><span class="price">$7.91</span>
      <h1>Lotion, 200 ml</h1><span class="price">$8.71</span><button>Add to cart</button>
      <h1>Great lotion</h1><p>Bought it for $5.00 last year</p>`;
    expect(extract(body)).toMatchObject({ amount: 8.71, currency: "USD" });
  });

  it("a price element that is itself the struck regular price (a line-through class) is not the price paid", () => {
    const body = `<h1>Lotion, 200 ml</h1><div class="product--price price--default price--discount">
      <span class="content--discount"><span class="normal">instead of </span><span class="price--line-through">$8.99</span></span>
      <span class="price--content content--default"><span class="normal">now</span> $7.49</span></div>
      <button>Add to cart</button>`;
    expect(extract(body)).toMatchObject({ amount: 7.49, currency: "USD" });
  });

  it("a saving label run together with the amount before it ('$1149.00Save $90.00') is still a label", () => {
    const body = `<h1>Lotion, 200 ml</h1><div class="price-block"><span>$1149.00</span><span>Save $90.00</span></div>
      <button>Add to cart</button>`;
    expect(extract(body)).toMatchObject({ amount: 1149, currency: "USD" });
  });

  it("structured data holding only the struck-through regular price loses to the price shown", () => {
    const body = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Bag</h1>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="219.99">
      <meta itemprop="priceCurrency" content="EUR"></div>
      <div class="price"><span class="original-price">EUR219.99</span> -50% <span class="current-price">EUR110.00</span></div></div>`;
    expect(extract(body, "https://shop.example.lv/p/1")).toMatchObject({ amount: 110, currency: "EUR" });
  });
});

describe("currency names beyond CLDR's count forms", () => {
  it("a word that also qualifies another currency's noun is no currency noun ('חדשים', new)", () => {
    const nouns = currencyNouns("he-IL", "ILS", ["IL", "PS"]);
    expect(nouns).toContain("שקלים");
    expect(nouns).not.toContain("חדשים");
    // Two names sharing their noun keep it: "ريال سعودي" and "ريال يمني".
    expect(currencyNouns("ar-SA", "SAR", ["SA"])).toContain("ريال");
    // "شيكل إسرائيلي جديد": no other Arabic name says "new", but the English one does: which word is the
    // noun is not known, so neither is taken ("3 جديد" read 3 ILS).
    expect(currencyNouns("ar-PS", "ILS", ["IL", "PS"])).toEqual([]);
  });

  it("a name ICU writes after the symbol, and a count form's connector, are read", () => {
    expectMoney("249 Türk lirası", "https://magaza.example.com.tr/", "tr", 249, "TRY");
    expectMoney("Preț: 100 de lei", "https://magazin.example.ro/", "ro", 100, "RON");
  });

  it("a name inflected after a number reads in the page's language only, never a place name", () => {
    expect(inflectedCurrency("forintért", "hu")).toBe("HUF");
    expect(inflectedCurrency("forintot", "hu")).toBe("HUF");
    expect(inflectedCurrency("złotego", "pl")).toBe("PLN");
    expect(inflectedCurrency("forintért", "de")).toBeNull();
    expect(inflectedCurrency("Europa", "pl")).toBeNull();
    expect(inflectedCurrency("forint", "hu")).toBeNull();
  });
});
