import { escapeHtml } from "../mail/layout";

/**
 * The demo page's content, drawn from its version alone: a small product page (a desk lamp) with a price,
 * a stock line and a list of new arrivals. Each change of the page is one step of a cycle: the price drops,
 * then the stock line turns, then a new item arrives. Each version differs from every earlier one (the
 * arrivals only grow), so no change is ever taken for a page flipping back to a version it had.
 */
const START_CENTS = 4900;
const DROP_CENTS = 400;
const FLOOR_CENTS = 1500;
const arrivals = [
  "Linen shade, sand",
  "Brass base, aged finish",
  "Walnut base, oiled",
  "Warm-white bulb, 2700 K",
  "Fabric cable, forest green",
  "Clamp mount for shelves",
];

export interface DemoPageState {
  priceCents: number;
  inStock: boolean;
  /** Newest first. */
  newArrivals: string[];
}

export type DemoStep = "price" | "stock" | "item";
const cycle: DemoStep[] = ["price", "stock", "item"];

/** What the change to `version` (from the one before) does. */
export function stepTo(version: number): DemoStep {
  return cycle[(version - 1) % cycle.length]!;
}

export function demoStateAt(version: number): DemoPageState {
  const drops = Math.ceil(version / 3);
  const turns = Math.ceil((version - 1) / 3);
  const items = Math.floor(version / 3);
  const span = (START_CENTS - FLOOR_CENTS) / DROP_CENTS;
  return {
    // Back up to the start price after the floor: still new, since the arrivals list has grown.
    priceCents: START_CENTS - DROP_CENTS * (drops % Math.floor(span + 1)),
    inStock: Math.max(0, turns) % 2 === 0,
    newArrivals: Array.from(
      { length: items },
      (_, i) =>
        `${arrivals[i % arrivals.length]}${i >= arrivals.length ? ` (batch ${Math.floor(i / arrivals.length) + 1})` : ""}`,
    ).reverse(),
  };
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** One sentence on what the change to `version` did, for the person who asked for it. */
export function describeStep(version: number): string {
  const before = demoStateAt(version - 1);
  const after = demoStateAt(version);
  switch (stepTo(version)) {
    case "price":
      return `The price went from ${formatPrice(before.priceCents)} to ${formatPrice(after.priceCents)}.`;
    case "stock":
      return after.inStock ? "The lamp is back in stock." : "The lamp is now out of stock.";
    case "item":
      return `A new item arrived: ${after.newArrivals[0]}.`;
  }
}

/** The page's HTML: product data in JSON-LD as real shops write it, and the same facts on the page. */
export function renderDemoPage(version: number): string {
  const state = demoStateAt(version);
  const price = formatPrice(state.priceCents);
  const availability = state.inStock ? "InStock" : "OutOfStock";
  const product = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Aurora Desk Lamp",
    offers: {
      "@type": "Offer",
      price: (state.priceCents / 100).toFixed(2),
      priceCurrency: "USD",
      availability: `https://schema.org/${availability}`,
    },
  };
  const items = state.newArrivals.length
    ? state.newArrivals.map((name) => `<li>${escapeHtml(name)}</li>`).join("")
    : "<li>Nothing new yet.</li>";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Aurora Desk Lamp · ChangeRadar demo shop</title>
<script type="application/ld+json">${JSON.stringify(product)}</script>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
.price{font-size:1.75rem;font-weight:700}.stock{font-weight:600}.note{color:#52606d;font-size:.875rem}</style>
</head><body>
<p class="note">A demo page served by ChangeRadar. It changes only when you press "Change the demo page".</p>
<main>
<h1>Aurora Desk Lamp</h1>
<p>A dimmable desk lamp with a linen shade and a weighted base.</p>
<p class="price">${price}</p>
<p class="stock">${state.inStock ? "In stock" : "Out of stock"}</p>
<h2>New arrivals</h2>
<ul class="arrivals">${items}</ul>
</main>
</body></html>`;
}
