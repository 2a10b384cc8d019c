/** Set diffs: which items and images are new or gone. Order does not matter, so re-ordering is no change. */
import type { Item } from "../snapshot";
import type { SetDiff } from "./types";

export function diffSets<T>(
  before: readonly T[],
  after: readonly T[],
  key: (value: T) => string,
): SetDiff<T> {
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
