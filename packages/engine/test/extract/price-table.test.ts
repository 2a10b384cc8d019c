import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";

/**
 * The price-string table (price-strings.tsv): strings as shops show them in 30+ currencies and 20+
 * languages, each put as the visible price of a generated product page (no structured data), with the
 * expected amount and currency or "no price". Figures are printed; the bars are asserted.
 */
interface Row {
  text: string;
  lang: string;
  tld: string;
  amount: number | null;
  currency: string;
  family: string;
}

const rows: Row[] = readFileSync(join(import.meta.dirname, "price-strings.tsv"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .map((line) => {
    const [text, lang, tld, amount, currency, family] = line.split("\t") as string[];
    return {
      text: text as string,
      lang: lang as string,
      tld: tld as string,
      amount: amount === "" ? null : Number(amount),
      currency: currency ?? "",
      family: family ?? "",
    };
  });

const buyLabels: Record<string, string> = {
  en: "Add to cart",
  de: "In den Warenkorb",
  fr: "Ajouter au panier",
  es: "Añadir al carrito",
  it: "Aggiungi al carrello",
  nl: "In winkelwagen",
  pt: "Adicionar ao carrinho",
  pl: "Dodaj do koszyka",
  ru: "В корзину",
  ja: "カートに入れる",
  zh: "加入购物车",
  ko: "장바구니 담기",
  ar: "أضف إلى السلة",
  fa: "افزودن به سبد خرید",
  tr: "Sepete ekle",
};

/** Page templates as shops render a buy box, rotated over the table. */
const templates: ((name: string, price: string, buy: string) => string)[] = [
  (name, price, buy) => `<h1>${name}</h1><span class="price">${price}</span><button>${buy}</button>`,
  (name, price, buy) =>
    `<nav><a href="/">Home</a> › <a href="/c">Category</a></nav><div class="product"><h1 class="product-title">${name}</h1>
     <div class="product-price"><span>${price}</span></div><p>Colour: blue · 4.5 out of 5 stars (128)</p>
     <form action="/cart/add" method="post"><input type="hidden" name="id" value="123456"><button type="submit">${buy}</button></form></div>`,
  (name, price, buy) =>
    `<main><h1 itemprop="name">${name}</h1><p>Hand-made from oak. Art. 40312.</p><div id="price">${price}</div>
     <a class="btn add-to-cart" href="/cart?add=40312">${buy}</a></main>`,
  (name, price, buy) =>
    `<header><a href="/account">Account</a><a href="/basket">Basket (0)</a></header><section class="buy-box"><h1>${name}</h1>
     <div class="price-box"><span class="price-current">${price}</span></div><label>Qty <input type="number" value="1"></label>
     <button class="buy-now">${buy}</button></section><footer>© 2026 Shop</footer>`,
  (name, price, buy) =>
    `<div class="pdp"><div class="gallery"><img src="/p/1.jpg" alt=""></div><div class="details"><h1>${name}</h1>
     <div class="prices"><span class="sale-price">${price}</span></div><ul><li>Free returns</li><li>Ships in 2 days</li></ul>
     <button class="add-to-bag" type="button">${buy}</button></div></div>`,
];

function pageFor(row: Row, index: number): { url: string; html: string } {
  const language = row.lang.split("-")[0] as string;
  const template = templates[index % templates.length] as (typeof templates)[number];
  const body = template(`Product ${index + 1}`, row.text, buyLabels[language] ?? "Buy");
  return {
    url: `https://shop.example.${row.tld}/p/${index + 1}`,
    html: `<!doctype html><html lang="${row.lang}"><head><meta charset="utf-8"><title>Product ${index + 1}</title></head><body>${body}</body></html>`,
  };
}

describe("the price-string table, each string the visible price of a product page", () => {
  const results = rows.map((row, i) => {
    const { url, html } = pageFor(row, i);
    const price = extractSnapshotSync({ url, contentType: "text/html", text: html }).price;
    return { row, price };
  });

  it("covers 500+ strings in 30+ currencies and 20+ languages", () => {
    expect(rows.length).toBeGreaterThanOrEqual(500);
    expect(new Set(rows.map((r) => r.currency).filter((c) => c !== "")).size).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.lang.split("-")[0])).size).toBeGreaterThanOrEqual(20);
  });

  it("reads ≥ 97% of amounts and currencies, and no amount where the answer is no price", () => {
    let amountOk = 0;
    let currencyOk = 0;
    let bothOk = 0;
    const misses: string[] = [];
    const wrongWhereNone: string[] = [];
    for (const { row, price } of results) {
      if (row.amount === null) {
        if (price === null) {
          amountOk++;
          currencyOk++;
          bothOk++;
        } else wrongWhereNone.push(`${row.text} → ${JSON.stringify(price)}`);
        continue;
      }
      const amountRight = price !== null && Math.abs(price.amount - row.amount) < 0.0005;
      const currencyRight = price?.currency === row.currency;
      if (amountRight) amountOk++;
      if (currencyRight) currencyOk++;
      if (amountRight && currencyRight) bothOk++;
      else
        misses.push(
          `[${row.family}] ${row.text} (${row.lang}, .${row.tld}): want ${row.amount} ${row.currency}, got ${price ? `${price.amount} ${price.currency}` : "none"}`,
        );
    }
    const pct = (n: number) => `${((100 * n) / rows.length).toFixed(1)}%`;
    console.log(
      `price table: ${rows.length} strings; amount ${pct(amountOk)}, currency ${pct(currencyOk)}, both ${pct(bothOk)}`,
    );
    for (const miss of [...misses, ...wrongWhereNone.map((w) => `no price expected: ${w}`)])
      console.log(`  miss: ${miss}`);
    expect(wrongWhereNone).toEqual([]);
    expect(bothOk / rows.length).toBeGreaterThanOrEqual(0.97);
  });
});
