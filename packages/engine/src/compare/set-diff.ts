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

/** Titles this short are only matched to a whole line ("Home" inside "Homeware" is not the same entry). */
const MIN_CONTAINED_TITLE = 12;

function shownIn(lines: readonly string[], joined: string): (item: Item) => boolean {
  const whole = new Set(lines.map((line) => line.toLowerCase()));
  const text = joined.toLowerCase();
  return (item) => {
    const title = item.title.replace(/\s+/g, " ").trim().toLowerCase();
    if (title === "") return false;
    return whole.has(title) || (title.length >= MIN_CONTAINED_TITLE && text.includes(title));
  };
}

/**
 * Items that really came or went: item identity survives a re-render. Entry detection needs a repeated
 * group, so a list growing from two entries to three yields three entries where there were none; an
 * "added" entry whose title the page already showed as text is the same entry re-rendered, not new. An
 * entry whose link changed but whose title stayed (one removed, one added, same title) is the same entry.
 * A new entry that shares its title with another entry still listed is new.
 */
export function diffShownItems(
  before: { items: readonly Item[]; lines: readonly string[] },
  after: { items: readonly Item[]; lines: readonly string[] },
): SetDiff<Item> {
  const raw = diffItems(before.items, after.items);
  if (raw.added.length === 0 && raw.removed.length === 0) return raw;
  const titleOf = (item: Item) => item.title.replace(/\s+/g, " ").trim().toLowerCase();
  const shownBefore = shownIn(before.lines, before.lines.join("\n"));
  const shownAfter = shownIn(after.lines, after.lines.join("\n"));
  const listedBefore = new Set(before.items.map(titleOf));
  const listedAfter = new Set(after.items.map(titleOf));
  const removedTitles = new Set(raw.removed.map(titleOf));
  const addedTitles = new Set(raw.added.map(titleOf));
  return {
    added: raw.added.filter(
      (item) => !removedTitles.has(titleOf(item)) && (listedBefore.has(titleOf(item)) || !shownBefore(item)),
    ),
    removed: raw.removed.filter(
      (item) => !addedTitles.has(titleOf(item)) && (listedAfter.has(titleOf(item)) || !shownAfter(item)),
    ),
  };
}

export function diffStrings(before: readonly string[], after: readonly string[]): SetDiff<string> {
  return diffSets(before, after, (value) => value);
}
