/**
 * The noise-free view of a snapshot that every comparison works on: whitespace and invisible characters
 * normalised, built-in masks applied, user ignore rules and learned noise applied, URLs stripped of
 * cache-busters.
 */
import type { WatchKind } from "@changeradar/contracts";
import type { Item, Snapshot } from "../snapshot";
import { applyIgnoreRules, type IgnoreRule } from "./ignore-rules";
import { maskNoise } from "./noise-masks";
import { applyLearnedNoise, type LearnedNoise, type NormalisedView } from "./noise-view";
import { itemUrlKey, normaliseUrl } from "./url-normalise";

export type { NormalisedView } from "./noise-view";

export interface NoiseSettings {
  rules: readonly IgnoreRule[];
  learnedNoise: LearnedNoise | null;
}

/** Zero-width characters, soft hyphen and bidirectional marks: invisible, yet they vary between renders. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u00AD\u180E]/g;
const NEEDS_CLEANING =
  /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u00AD\u180E\t\n\r\f\v\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]| {2}|^ | $/;
const ODD_SPACES = /[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;

/** Whitespace and invisible characters (zero-width, NBSP, soft hyphen): the cheapest, always-on noise. */
export function normaliseWhitespace(text: string): string {
  // Extracted lines are mostly clean already: one test is cheaper than two replaces.
  if (!NEEDS_CLEANING.test(text)) return text;
  return text.replace(INVISIBLE, "").replace(ODD_SPACES, " ").trim();
}

export function normaliseLine(line: string, rules: readonly IgnoreRule[] = []): string | null {
  const ruled = ruledLine(normaliseWhitespace(line), rules);
  if (ruled === null) return null;
  const masked = maskNoise(ruled);
  return masked === "" ? null : masked;
}

/**
 * The user's ignore rules, applied to the line as the page shows it (whitespace normalised), before the
 * built-in masks rewrite its dates, times, weekdays and counters: a rule holds the words the user read
 * ("Monday special", "Opens at 10:30"), which the masked line no longer has.
 */
export function ruledLine(line: string, rules: readonly IgnoreRule[]): string | null {
  return rules.length > 0 ? applyIgnoreRules(line, rules) : line;
}

/** An item's identity with noise removed: URL keys lose cache-busters, title keys lose masked fragments. */
export function normaliseItemKey(key: string): string {
  return /^https?:\/\//i.test(key) ? itemUrlKey(key) : maskNoise(normaliseWhitespace(key)).toLowerCase();
}

/** Masked lines by original line: shared by both sides of one comparison, which mostly hold the same lines. */
export type LineCache = Map<string, string | null>;

/**
 * `watched`: the kinds the caller compares (all when absent). Items and images of a kind not watched are
 * left empty: no diff and no fingerprint reads them.
 */
export function normaliseSnapshot(
  snapshot: Snapshot,
  settings: NoiseSettings,
  cache?: LineCache,
  watched?: ReadonlySet<WatchKind>,
): NormalisedView {
  const lines: string[] = [];
  const originals: string[] = [];
  for (const original of snapshot.lines) {
    let line = cache?.get(original);
    if (line === undefined) {
      line = normaliseLine(original, settings.rules);
      cache?.set(original, line);
    }
    if (line === null || line === "") continue;
    lines.push(line);
    originals.push(original);
  }
  const seenKeys = new Set<string>();
  const items: Item[] = [];
  for (const item of watched === undefined || watched.has("new_content") ? snapshot.items : []) {
    const key = normaliseItemKey(item.key);
    if (seenKeys.has(key)) continue;
    seenKeys.add(key);
    items.push({ ...item, key });
  }
  const images =
    watched === undefined || watched.has("images") ? [...new Set(snapshot.images.map(normaliseUrl))] : [];
  const view: NormalisedView = {
    lines,
    originals,
    items,
    images,
    structurePaths: snapshot.structure.paths,
    structureHash: snapshot.structure.hash,
  };
  return settings.learnedNoise ? applyLearnedNoise(view, settings.learnedNoise) : view;
}
