/**
 * The named picking rules (src/extract/price/picking-rules.ts) are switched off one at a time by the corpus
 * bench to see which shops each one decides. A switch must cover the whole principle its name states, in
 * every reading of the page, or the bench credits the principle to too few shops.
 */
import { afterEach, describe, expect, it } from "vitest";
import { extractSnapshotSync } from "../../src/extract";
import { pickingRules } from "../../src/extract/price/picking-rules";

const buyBox = `<h1>Wool Coat</h1><div class="product-price"><del>€219,99</del> <span>€110,00</span></div>
  <button>In den Warenkorb</button>`;
const structured = `<script type="application/ld+json">{"@type":"Product","name":"Wool Coat",
  "offers":{"@type":"Offer","price":"219.99","priceCurrency":"EUR"}}</script>`;

const priceOf = (head: string) =>
  extractSnapshotSync({
    url: "https://shop.example.de/p/1",
    contentType: "text/html",
    text: `<!doctype html><html lang="de"><head><title>Wool Coat</title>${head}</head><body>${buyBox}</body></html>`,
  }).price?.amount;

afterEach(() => {
  pickingRules.regularPrice = true;
});

describe("regularPrice: a price the page marks as the regular one is not the one paid", () => {
  it("on, the buy box reads past the struck price, with or without structured data holding it", () => {
    expect(priceOf("")).toBe(110);
    expect(priceOf(structured)).toBe(110);
  });

  it("off, the struck price is read as shown in both readings: one switch for the whole principle", () => {
    pickingRules.regularPrice = false;
    expect(priceOf("")).toBe(219.99);
    expect(priceOf(structured)).toBe(219.99);
  });

  it("covers the regular price the meta names too: off, it stays among the structured prices", () => {
    const head = `<script type="application/ld+json">{"@type":"Product","name":"Wool Coat",
      "offers":{"@type":"Offer","price":"150.00","priceCurrency":"EUR"}}</script>
      <meta property="product:price:amount" content="120.00"><meta property="product:price:currency" content="EUR">
      <meta property="og:price:standard_amount" content="150.00">`;
    const priceOf = () =>
      extractSnapshotSync({
        url: "https://shop.example.de/p/1",
        contentType: "text/html",
        text: `<!doctype html><html lang="de"><head><title>Wool Coat</title>${head}</head><body><h1>Wool Coat</h1></body></html>`,
      }).price?.amount;
    expect(priceOf()).toBe(120);
    pickingRules.regularPrice = false;
    expect(priceOf()).toBe(150);
  });
});
