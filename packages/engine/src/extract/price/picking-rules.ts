/**
 * The heuristics that choose among the prices (and stock statements) a page shows, each named so that the
 * corpus bench (bench/accuracy.ts) can switch one off and see which shops it changes, for price and
 * availability together: a rule that helps a single shop only is scored without it for that shop
 * (leave-one-shop-out). Extraction never changes these.
 */
export const pickingRules = {
  /**
   * Repeated tiles (three or more look-alike siblings, each with a picture and a link, no h1: carousels
   * and grids of other products) are not the product on show: neither their prices nor their stock.
   */
  tiles: true,
  /** The buy box follows the h1 that names the product (the one the page title repeats), not any h1. */
  titleHeading: true,
  /** A subscription price is paid only on a condition: not the price of one purchase. */
  conditionalPrice: true,
  /**
   * A price the page marks as the regular one is not the one paid: shown struck through, the buy box reads
   * past it and structured data holding only that amount loses to the price shown beside it; named so in
   * the page's meta (og:price:standard_amount, product:original_price), it leaves the structured prices.
   */
  regularPrice: true,
  /**
   * When the buy box after the product's name shows no price, the first element named price further down
   * (within 250 lines, outside tiles) is the product's: descriptions and galleries can sit in between.
   */
  furtherPrice: true,
};

export type PickingRule = keyof typeof pickingRules;
