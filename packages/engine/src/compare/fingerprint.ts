/**
 * Fingerprint of a snapshot's normalised content, limited to the watched kinds: two versions with the
 * same fingerprint are the same as far as the user is concerned (used for flip-flop suppression).
 */
import { createHash } from "node:crypto";
import type { WatchKind } from "@changeradar/contracts";
import { updateJoined } from "../hash-joined";
import type { Snapshot } from "../snapshot";
import { parseIgnoreRules } from "./ignore-rules";
import type { LearnedNoise } from "./noise-view";
import { type NormalisedView, normaliseSnapshot } from "./normalise";

export function fingerprintView(
  view: NormalisedView,
  snapshot: Snapshot,
  watch: readonly WatchKind[],
): string {
  const hash = createHash("sha256");
  const kinds = new Set(watch);
  const section = (name: string, value: string): void => {
    hash.update(`\u0000${name}\u0000`);
    hash.update(value);
  };
  if (kinds.has("text")) {
    hash.update("\u0000text\u0000");
    updateJoined(hash, view.lines, "\n");
  }
  if (kinds.has("price")) {
    const price = snapshot.price;
    section(
      "price",
      price ? `${Math.round(price.amount * 100)} ${price.currency ?? ""} ${price.maxAmount ?? ""}` : "",
    );
  }
  if (kinds.has("stock")) section("stock", snapshot.availability);
  if (kinds.has("new_content"))
    section(
      "items",
      view.items
        .map((item) => item.key)
        .sort()
        .join("\n"),
    );
  if (kinds.has("images")) section("images", [...view.images].sort().join("\n"));
  // The extractor's hash already covers the sorted paths (learned noise replaces it with the kept paths).
  if (kinds.has("structure")) section("structure", view.structureHash);
  return hash.digest("hex");
}

export interface FingerprintOptions {
  watch: readonly WatchKind[];
  ignore?: readonly string[];
  learnedNoise?: LearnedNoise | null;
}

export function fingerprintSnapshot(snapshot: Snapshot, options: FingerprintOptions): string {
  const view = normaliseSnapshot(
    snapshot,
    { rules: parseIgnoreRules(options.ignore), learnedNoise: options.learnedNoise ?? null },
    undefined,
    new Set(options.watch),
  );
  return fingerprintView(view, snapshot, options.watch);
}
