/** Set diffs: which items and images are new or gone. Order does not matter, so re-ordering is no change. */
import type { Item } from "../snapshot";
import type { SetDiff } from "./types";

function sameKeys<T>(before: readonly T[], after: readonly T[], key: (value: T) => string): boolean {
  if (before === after) return true;
  if (before.length !== after.length) return false;
  for (let i = 0; i < before.length; i += 1) if (key(before[i]) !== key(after[i])) return false;
  return true;
}

export function diffSets<T>(
  before: readonly T[],
  after: readonly T[],
  key: (value: T) => string,
): SetDiff<T> {
  // The common case, an unchanged list in the same order, needs no sets.
  if (sameKeys(before, after, key)) return { added: [], removed: [] };
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(after.map(key));
  return {
    added: after.filter((value) => !beforeKeys.has(key(value))),
    removed: before.filter((value) => !afterKeys.has(key(value))),
  };
}

export function diffItems(before: readonly Item[], after: readonly Item[]): SetDiff<Item> {
  return diffSets(before, after, (item) => item.key);
}

export function diffStrings(before: readonly string[], after: readonly string[]): SetDiff<string> {
  return diffSets(before, after, (value) => value);
}
