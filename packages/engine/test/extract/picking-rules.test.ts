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
  pickingRules.struckPrice = true;
});

describe("struckPrice: a price shown struck through is not the one paid", () => {
  it("on, the buy box reads past the struck price, with or without structured data holding it", () => {
    expect(priceOf("")).toBe(110);
    expect(priceOf(structured)).toBe(110);
  });

  it("off, the struck price is read as shown in both readings: one switch for the whole principle", () => {
    pickingRules.struckPrice = false;
    expect(priceOf("")).toBe(219.99);
    expect(priceOf(structured)).toBe(219.99);
  });
});
