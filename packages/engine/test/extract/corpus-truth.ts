import type { Snapshot } from "../../src/snapshot";
import type { CorpusPage } from "./corpus";

const truthAvailability: Record<string, string> = { InStock: "in_stock", OutOfStock: "out_of_stock" };

/** The shop a corpus page comes from: the file name's prefix without its TLD ("product/zara.com__…" → "zara"). */
export function shopOf(page: CorpusPage): string {
  const site = page.file.split("/")[1]?.split("__")[0] ?? "";
  return page.site_group ?? site.split(".")[0] ?? site;
}

/** A price is right when amount and currency both match; a truth without a price expects none. */
export function priceOk(page: CorpusPage, snapshot: Snapshot): { ok: boolean; detail: string } {
  const truth = page.truth as NonNullable<CorpusPage["truth"]>;
  const price = snapshot.price;
  const ok = truth.price
    ? price !== null &&
      Math.abs(price.amount - Number(truth.price)) < 0.005 &&
      (!truth.currency || price.currency === truth.currency)
    : price === null;
  return {
    ok,
    detail: `truth ${truth.price || "none"} ${truth.currency ?? ""}, got ${JSON.stringify(price)}`,
  };
}

export function availabilityOk(page: CorpusPage, snapshot: Snapshot): { ok: boolean; detail: string } {
  const expected = truthAvailability[page.truth?.availability as string];
  return {
    ok: snapshot.availability === expected,
    detail: `truth ${expected}, got ${snapshot.availability}`,
  };
}
