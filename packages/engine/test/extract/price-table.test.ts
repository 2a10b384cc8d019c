import { describe, expect, it } from "vitest";
import { printScore, readPriceTable, scorePriceTable } from "./price-table";

/**
 * Price-string tables, each string the visible price of a generated product page, in 30+ currencies and
 * 20+ languages. price-strings.tsv is the table the rules were written against; price-strings-held-out.tsv
 * was written fresh for issue 10 and measured before any rule was changed for it (local signs and names,
 * codes before and after, spaces inside numbers, apostrophe and Indian grouping, ranges, "from", per-unit,
 * VAT in and ex, shipping, instalments, zero prices, and numbers that are no price: phones, dates, SKUs,
 * ratings, quantities); price-strings-held-out-2.tsv to -4.tsv are rounds 2 to 4, each written after the one before was tuned on. Figures
 * are printed; the bars are asserted.
 */
const tables = [
  { name: "price table", file: "price-strings.tsv", minRows: 500, minCurrencies: 30, bar: 0.97 },
  {
    name: "held-out price strings",
    file: "price-strings-held-out.tsv",
    minRows: 150,
    minCurrencies: 30,
    bar: 0.97,
  },
  // Rounds 2 to 4 (inflected and local currency names, adjectives beside numbers, the rupee sign, tenge,
  // manat, so'm, "25 de euro"): their figures before any change and after the general fixes are in each
  // file's header; the misses left are listed, not tuned away.
  {
    name: "held-out price strings, round 2",
    file: "price-strings-held-out-2.tsv",
    minRows: 80,
    minCurrencies: 30,
    bar: 0.95,
  },
  {
    name: "held-out price strings, round 3",
    file: "price-strings-held-out-3.tsv",
    minRows: 45,
    minCurrencies: 20,
    bar: 0.98,
  },
  {
    name: "held-out price strings, round 4",
    file: "price-strings-held-out-4.tsv",
    minRows: 60,
    minCurrencies: 20,
    bar: 0.97,
  },
];

describe.each(tables)(
  "$name ($file), each string the visible price of a product page",
  ({ name, file, minRows, minCurrencies, bar }) => {
    const rows = readPriceTable(file);

    it(`covers ${minRows}+ strings in ${minCurrencies}+ currencies and 20+ languages`, () => {
      expect(rows.length).toBeGreaterThanOrEqual(minRows);
      expect(new Set(rows.map((r) => r.currency).filter((c) => c !== "")).size).toBeGreaterThanOrEqual(
        minCurrencies,
      );
      expect(new Set(rows.map((r) => r.lang.split("-")[0])).size).toBeGreaterThanOrEqual(20);
    });

    it(`reads ≥ ${100 * bar}% of amounts and currencies, and never a wrong amount`, () => {
      const score = scorePriceTable(rows);
      printScore(name, score);
      expect(score.wrongAmounts).toEqual([]);
      expect(score.bothOk / rows.length).toBeGreaterThanOrEqual(bar);
    });
  },
);
