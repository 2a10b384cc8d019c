/** Hand-built snapshots for unit tests of the comparison side. */
import type { Snapshot } from "../../src/snapshot";

export function buildSnapshot(overrides: Partial<Snapshot> = {}): Snapshot {
  return {
    version: 1,
    url: "https://shop.example/product",
    format: "html",
    title: "Product",
    lines: ["Acme Kettle", "A fine kettle for tea."],
    price: null,
    availability: "unknown",
    items: [],
    images: [],
    structure: { hash: "h1", paths: ["html>body>h1", "html>body>p"] },
    scopeMatched: null,
    ...overrides,
  };
}

export function usd(amount: number): Snapshot["price"] {
  return { amount, currency: "USD", maxAmount: null, source: "json-ld" };
}

export function item(title: string, url: string | null = null): Snapshot["items"][number] {
  return { title, url, key: url ?? title.toLowerCase() };
}
