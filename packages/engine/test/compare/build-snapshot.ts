import { PNG } from "pngjs";
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

/** A PNG painted pixel by pixel. */
export function png(
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number],
): Uint8Array {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = paint(x, y);
      const i = (y * width + x) * 4;
      image.data[i] = r;
      image.data[i + 1] = g;
      image.data[i + 2] = b;
      image.data[i + 3] = 255;
    }
  }
  return new Uint8Array(PNG.sync.write(image));
}
