import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractSnapshotSync } from "../../src/extract";
import type { Price } from "../../src/snapshot";

/**
 * Price-string tables (price-strings.tsv, price-strings-held-out.tsv): strings as shops show them, each put
 * as the visible price of a generated product page (no structured data), with the expected amount and
 * currency or "no price".
 */
export interface PriceRow {
  text: string;
  lang: string;
  tld: string;
  amount: number | null;
  currency: string;
  family: string;
}

export function readPriceTable(file: string): PriceRow[] {
  return readFileSync(join(import.meta.dirname, file), "utf8")
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
}

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

function pageFor(row: PriceRow, index: number): { url: string; html: string } {
  const language = row.lang.split("-")[0] as string;
  const template = templates[index % templates.length] as (typeof templates)[number];
  const body = template(`Product ${index + 1}`, row.text, buyLabels[language] ?? "Buy");
  return {
    url: `https://shop.example.${row.tld}/p/${index + 1}`,
    html: `<!doctype html><html lang="${row.lang}"><head><meta charset="utf-8"><title>Product ${index + 1}</title></head><body>${body}</body></html>`,
  };
}

export interface TableScore {
  rows: number;
  amountOk: number;
  currencyOk: number;
  bothOk: number;
  /** Wrong or missing reads where a price is expected. */
  misses: string[];
  /** A read amount that differs from the expected one, or any amount where the answer is "no price". */
  wrongAmounts: string[];
}

/** Each row read as the visible price of its page and scored; a "no price" row counts right for both. */
export function scorePriceTable(rows: PriceRow[]): TableScore {
  const score: TableScore = {
    rows: rows.length,
    amountOk: 0,
    currencyOk: 0,
    bothOk: 0,
    misses: [],
    wrongAmounts: [],
  };
  rows.forEach((row, i) => {
    const { url, html } = pageFor(row, i);
    const price: Price | null = extractSnapshotSync({ url, contentType: "text/html", text: html }).price;
    const got = price ? `${price.amount} ${price.currency}` : "none";
    const where = `[${row.family}] ${row.text} (${row.lang}, .${row.tld})`;
    if (row.amount === null) {
      if (price === null) {
        score.amountOk++;
        score.currencyOk++;
        score.bothOk++;
      } else score.wrongAmounts.push(`${where}: want no price, got ${got}`);
      return;
    }
    const amountRight = price !== null && Math.abs(price.amount - row.amount) < 0.0005;
    const currencyRight = price?.currency === row.currency;
    if (amountRight) score.amountOk++;
    if (currencyRight) score.currencyOk++;
    if (amountRight && currencyRight) score.bothOk++;
    else score.misses.push(`${where}: want ${row.amount} ${row.currency}, got ${got}`);
    if (price !== null && !amountRight) score.wrongAmounts.push(`${where}: want ${row.amount}, got ${got}`);
  });
  return score;
}

/** The figures and every miss, printed. */
export function printScore(name: string, score: TableScore): void {
  const pct = (n: number) => `${((100 * n) / score.rows).toFixed(1)}%`;
  console.log(
    `${name}: ${score.rows} strings; amount ${pct(score.amountOk)}, currency ${pct(score.currencyOk)}, both ${pct(score.bothOk)}, wrong amounts ${score.wrongAmounts.length}`,
  );
  for (const miss of score.misses) console.log(`  miss: ${miss}`);
  for (const wrong of score.wrongAmounts) console.log(`  wrong amount: ${wrong}`);
}
