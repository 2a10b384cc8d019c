/**
 * The heuristics that choose among the prices a page shows, each named so that the corpus bench
 * (bench/accuracy.ts) can switch one off and see which shops it changes: a rule that helps a single shop
 * only is scored without it for that shop (leave-one-shop-out). Extraction never changes these.
 */
export const pickingRules = {
  /** Prices inside repeated tiles (carousels, grids of other products) are not this product's. */
  tiles: true,
  /** A container the page calls its buy box counts as the buy box wherever it sits. */
  buyBoxName: true,
  /** A subscription price is paid only on a condition: not the price of one purchase. */
  conditionalPrice: true,
  /** Structured data holding only the price the buy box strikes through loses to the price shown. */
  struckStructured: true,
};

export type PickingRule = keyof typeof pickingRules;
