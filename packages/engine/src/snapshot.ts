/**
 * What the engine extracts from one fetch. JSON-serialisable: the service stores it (compressed,
 * content-addressed) and compares the next snapshot against it.
 */

export const availabilities = [
  "in_stock",
  "out_of_stock",
  "preorder",
  "backorder",
  "limited",
  "unknown",
] as const;
export type Availability = (typeof availabilities)[number];

export type PriceSource = "json-ld" | "microdata" | "rdfa" | "meta" | "text";

export interface Price {
  amount: number;
  /** ISO 4217 code when known. */
  currency: string | null;
  /** Upper bound when the page shows a range ("$10 – $20"); null otherwise. */
  maxAmount: number | null;
  source: PriceSource;
}

export interface Item {
  title: string;
  /** Absolute URL, or null when the entry has no link. */
  url: string | null;
  /** Stable identity used for set diffs (so re-ordering is not "new"): the URL, else the normalised title. */
  key: string;
}

export type SnapshotFormat = "html" | "json" | "text" | "feed" | "pdf" | "site";

export interface Snapshot {
  version: 1;
  url: string;
  format: SnapshotFormat;
  title: string | null;
  /** Visible text as block-aware lines, whitespace-collapsed (noise is masked at compare time, not here). */
  lines: string[];
  price: Price | null;
  availability: Availability;
  items: Item[];
  /** Absolute image URLs (img src, srcset candidates, og:image), de-duplicated, in page order. */
  images: string[];
  /** Element paths without text: a hash of the whole, and the sorted distinct paths it was made from. */
  structure: { hash: string; paths: string[] };
  /** Null without a scope; false when the scope matched nothing (a check error for the service). */
  scopeMatched: boolean | null;
  /**
   * Site versions only: pages an incomplete read did not list, kept in `lines` for one check (they may
   * still be there). Missing again at the next check, they are removed; listed again, nothing happened.
   */
  missingOnce?: string[];
}

/** A scope limiting extraction to part of a page. */
export type Scope =
  | { kind: "css"; selector: string }
  | { kind: "xpath"; expression: string }
  | { kind: "jsonpath"; path: string };
