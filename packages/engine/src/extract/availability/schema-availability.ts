import type { Availability } from "../../snapshot";

const values: Record<string, Availability> = {
  instock: "in_stock",
  instoreonly: "in_stock",
  onlineonly: "in_stock",
  available: "in_stock",
  availablefororder: "in_stock",
  limitedavailability: "limited",
  outofstock: "out_of_stock",
  oos: "out_of_stock",
  soldout: "out_of_stock",
  discontinued: "out_of_stock",
  unavailable: "out_of_stock",
  notavailable: "out_of_stock",
  preorder: "preorder",
  presale: "preorder",
  backorder: "backorder",
  pending: "backorder",
};

/**
 * Maps a structured availability value to ours: schema.org URLs or bare names ("InStock",
 * "https://schema.org/OutOfStock"), Open Graph values ("in stock", "oos", "preorder").
 */
export function schemaAvailability(raw: string | undefined | null): Availability | null {
  if (!raw) return null;
  const name = raw
    .trim()
    .replace(/^https?:\/\/(?:www\.)?schema\.org\//i, "")
    .replace(/^schema:/i, "")
    .replace(/[\s_-]+/g, "")
    .toLowerCase();
  return values[name] ?? null;
}
