import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";
import { localeHints } from "../../src/extract/price/currency";
import { findMoney, parseAmount } from "../../src/extract/price/money";

const hints = (url: string, lang: string | null = null) => localeHints(url, lang);
const us = hints("https://shop.example.com/p/1", "en");

describe("money in text", () => {
  it.each([
    ["1.299,00 €", "https://shop.example.de/", 1299, "EUR"],
    ["$1,299.00", "https://shop.example.com/", 1299, "USD"],
    ["¥1,280", "https://shop.example.jp/", 1280, "JPY"],
    ["CHF 1'299.–", "https://shop.example.ch/", 1299, "CHF"],
    ["£19", "https://shop.example.co.uk/", 19, "GBP"],
    ["12,99 zł", "https://sklep.example.pl/", 12.99, "PLN"],
    ["R$ 1.234,56", "https://loja.example.com.br/", 1234.56, "BRL"],
    ["$24.990", "https://tienda.example.cl/", 24990, "CLP"],
    ["$ 3.499", "https://tienda.example.com.ar/", 3499, "ARS"],
    ["C$ 45.00", "https://shop.example.ca/", 45, "CAD"],
    ["$45.00", "https://shop.example.ca/", 45, "CAD"],
    ["$45.00", "https://shop.example.com.au/", 45, "AUD"],
    ["1 299,00 kr", "https://butik.example.se/", 1299, "SEK"],
    ["499,- kr", "https://butikk.example.no/", 499, "NOK"],
    ["2320 元", "https://shop.example.com.tw/", 2320, "TWD"],
    ["30,000원", "https://shop.example.co.kr/", 30000, "KRW"],
    ["126 SAR", "https://ar-sa.example.com/", 126, "SAR"],
    ["EUR 36,00", "https://shop.example.de/", 36, "EUR"],
    ["Rs 23,450", "https://www.example.com.pk/", 23450, "PKR"],
    ["₹2,433", "https://www.example.in/", 2433, "INR"],
    ["149 ₪", "https://www.example.co.il/", 149, "ILS"],
  ])("%s on %s", (text, url, amount, currency) => {
    const money = findMoney(text, hints(url));
    expect(money?.amount).toBeCloseTo(amount, 5);
    expect(money?.currency).toBe(currency);
  });

  it("reads ¥ as yuan on a Chinese-language page", () => {
    expect(findMoney("¥1,280", hints("https://shop.example.com/", "zh-CN"))?.currency).toBe("CNY");
  });

  it("keeps the upper bound of a range", () => {
    expect(findMoney("$10 – $20", us)).toEqual({ amount: 10, currency: "USD", maxAmount: 20 });
    expect(findMoney("10,00 € - 25,50 €", hints("https://example.de/"))).toEqual({
      amount: 10,
      currency: "EUR",
      maxAmount: 25.5,
    });
  });

  it("does not read the end of an abbreviation glued to a dot as a sign for the next number", () => {
    // "б.р." is Belarusian roubles; its "р." alone is no rouble sign before the change column's "0".
    expect(findMoney("Февраль 350,00 б.р. 0", hints("https://shop.example.by/", "ru-RU"))).toEqual({
      amount: 350,
      currency: "BYN",
      maxAmount: null,
    });
  });

  it("ignores numbers without a currency", () => {
    expect(findMoney("Model 2021, 3 colours", us)).toBeNull();
  });

  it("parses the number formats of many locales", () => {
    expect(parseAmount("1.299,00")).toBe(1299);
    expect(parseAmount("1,299.00")).toBe(1299);
    expect(parseAmount("1 299,50")).toBe(1299.5);
    expect(parseAmount("1'299.–")).toBe(1299);
    expect(parseAmount("12,99")).toBe(12.99);
    expect(parseAmount("24.990")).toBe(24990);
    expect(parseAmount("1.500", "KWD")).toBe(1.5);
    expect(parseAmount("1.234.567")).toBe(1234567);
    expect(parseAmount("abc")).toBeNull();
  });
});

const page = (head: string, body: string) =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const extract = (html: string, url = "https://shop.example.com/p/1") =>
  extractSnapshotSync({ url, contentType: "text/html", text: html });

describe("structured prices", () => {
  it("reads JSON-LD inside @graph with nested offers arrays", () => {
    const ld = {
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "WebPage", name: "x" },
        {
          "@type": "Product",
          name: "Lamp",
          offers: [
            {
              "@type": "Offer",
              price: "49.90",
              priceCurrency: "EUR",
              availability: "https://schema.org/InStock",
            },
          ],
        },
      ],
    };
    const s = extract(
      page(`<script type="application/ld+json">${JSON.stringify(ld)}</script>`, "<h1>Lamp</h1>"),
    );
    expect(s.price).toEqual({ amount: 49.9, currency: "EUR", maxAmount: null, source: "json-ld" });
    expect(s.availability).toBe("in_stock");
  });

  it("reads an AggregateOffer as a range", () => {
    const ld = [
      {
        "@type": "Product",
        offers: { "@type": "AggregateOffer", lowPrice: 10, highPrice: 20, priceCurrency: "USD" },
      },
    ];
    const s = extract(page(`<script type="application/ld+json">${JSON.stringify(ld)}</script>`, ""));
    expect(s.price).toMatchObject({ amount: 10, maxAmount: 20, currency: "USD" });
  });

  it("takes the paid price of a priceSpecification list, not the list price", () => {
    const offers = {
      "@type": "Offer",
      priceCurrency: "EUR",
      priceSpecification: [
        { "@type": "UnitPriceSpecification", priceType: "https://schema.org/ListPrice", price: 59.9 },
        { "@type": "UnitPriceSpecification", price: 44.9 },
      ],
    };
    const s = extract(
      page(
        `<script type="application/ld+json">${JSON.stringify({ "@type": "Product", offers })}</script>`,
        "",
      ),
    );
    expect(s.price).toMatchObject({ amount: 44.9, currency: "EUR" });
  });

  it("reads microdata with content attributes", () => {
    const body = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Mug</h1>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
      <span itemprop="price" content="12.50">12,50 €</span><meta itemprop="priceCurrency" content="EUR">
      <link itemprop="availability" href="https://schema.org/OutOfStock"></div></div>`;
    const s = extract(page("", body), "https://shop.example.de/mug");
    expect(s.price).toEqual({ amount: 12.5, currency: "EUR", maxAmount: null, source: "microdata" });
    expect(s.availability).toBe("out_of_stock");
  });

  it("reads RDFa properties", () => {
    const body = `<div vocab="https://schema.org/" typeof="Product"><h1 property="name">Chair</h1>
      <div property="offers" typeof="Offer"><span property="price" content="89.00">89 €</span>
      <span property="priceCurrency" content="EUR"></span><link property="availability" href="https://schema.org/PreOrder"></div></div>`;
    const s = extract(page("", body));
    expect(s.price).toMatchObject({ amount: 89, currency: "EUR", source: "rdfa" });
    expect(s.availability).toBe("preorder");
  });

  it("reads Open Graph product meta", () => {
    const head = `<meta property="og:type" content="product"><meta property="product:price:amount" content="19.99">
      <meta property="product:price:currency" content="GBP"><meta property="og:availability" content="oos">`;
    const s = extract(page(head, "<h1>Thing</h1>"));
    expect(s.price).toEqual({ amount: 19.99, currency: "GBP", maxAmount: null, source: "meta" });
    expect(s.availability).toBe("out_of_stock");
  });

  it("prefers the price the visitor sees when structured prices disagree", () => {
    const ld = { "@type": "Product", offers: { "@type": "Offer", price: "150.00", priceCurrency: "USD" } };
    const head = `<script type="application/ld+json">${JSON.stringify(ld)}</script>
      <meta property="product:price:amount" content="120.00"><meta property="product:price:currency" content="USD">`;
    const s = extract(
      page(head, `<h1>Lamp</h1><span class="price">$120.00</span> <s class="price-old">$150.00</s>`),
    );
    expect(s.price?.amount).toBe(120);
  });

  it("falls back to the visible price next to the heading of a product page", () => {
    const body = `<header><span class="price">$5.00</span></header><h1>Kettle</h1><p class="product-price">€ 39,95</p>
      <button class="add-to-cart">In den Warenkorb</button>`;
    const s = extract(page("", body), "https://shop.example.de/kettle");
    expect(s.price).toMatchObject({ amount: 39.95, currency: "EUR", source: "text" });
    expect(s.availability).toBe("in_stock");
  });

  it("reports no price or stock for an editorial article carrying paywall product meta", () => {
    const head = `<meta property="og:type" content="article"><meta property="product:price:amount" content="1">
      <meta property="product:price:currency" content="EUR"><meta property="product:availability" content="instock">`;
    const s = extract(
      page(head, "<article><h1>Hay for horses</h1><p>Hay is the basis of feeding.</p></article>"),
    );
    expect(s.price).toBeNull();
    expect(s.availability).toBe("unknown");
  });

  it("reports no text price on a page that is not a product page", () => {
    const s = extract(
      page("", "<h1>Recipe</h1><p class='price-note'>1 TL Salz</p><p>Costs about $5 in total</p>"),
    );
    expect(s.price).toBeNull();
  });
});

describe("visible prices without structured data", () => {
  const page = (body: string) =>
    extractSnapshotSync({
      url: "https://shop.example.com/lamp",
      contentType: "text/html",
      text: `<!doctype html><html lang="en"><head><title>Desk lamp</title></head><body>${body}</body></html>`,
    });

  it("reads the one price-labelled element of a simple page", () => {
    const snapshot = page(`<h1>Walnut desk lamp</h1><p class="price">$24.99</p><p>Hand-made.</p>`);
    expect(snapshot.price).toMatchObject({ amount: 24.99, currency: "USD", source: "text" });
  });

  it("reports no price for a listing of many priced tiles", () => {
    const tiles = Array.from(
      { length: 8 },
      (_, i) => `<li><a href="/p${i}">Lamp ${i}</a><span class="price">$${10 + i}.00</span></li>`,
    );
    expect(page(`<h1>Lamps</h1><ul>${tiles.join("")}</ul>`).price).toBeNull();
  });

  it("reads the price inside the element the user picked", () => {
    const tiles = Array.from(
      { length: 8 },
      (_, i) => `<li id="p${i}"><a href="/p${i}">Lamp ${i}</a><span class="price">$${10 + i}.00</span></li>`,
    );
    const snapshot = extractSnapshotSync(
      {
        url: "https://shop.example.com/lamps",
        contentType: "text/html",
        text: `<html><body><h1>Lamps</h1><ul>${tiles.join("")}</ul></body></html>`,
      },
      { scope: { kind: "css", selector: "#p3" } },
    );
    expect(snapshot.price).toMatchObject({ amount: 13, currency: "USD" });
  });
});
