import type { Snapshot } from "@changeradar/engine";

/** A hand-built snapshot of a one-product page, for tests of what the server does with a check's result. */
export function testSnapshot(overrides: Partial<Snapshot> = {}): Snapshot {
  return {
    version: 1,
    url: "https://shop.example/anvil",
    format: "html",
    title: "Acme Anvil",
    lines: ["Acme Anvil", "In stock"],
    price: null,
    availability: "unknown",
    items: [],
    images: [],
    structure: { hash: "h", paths: [] },
    scopeMatched: null,
    ...overrides,
  };
}

export const usd = (amount: number): Snapshot["price"] => ({
  amount,
  currency: "USD",
  maxAmount: null,
  source: "json-ld",
});
