/**
 * Line diff with word-level detail. Lines are compared in their masked form (so noise never shows up as
 * a change) but presented in their original form (so the user reads the real text).
 */
import { diffArrays, diffWordsWithSpace } from "diff";
import type { LineDiffEntry, WordPart } from "./types";

export interface DiffSide {
  lines: readonly string[];
  originals: readonly string[];
}

/** Beyond this many edits a diff stops and falls back to a cheaper form: the cost stays bounded. */
const MAX_LINE_EDITS = 1000;
const MAX_WORD_EDITS = 300;

/** Word-level detail for a line that changed; the `diff` package's word tokenizer. */
export function wordDiff(before: string, after: string): WordPart[] {
  const parts = diffWordsWithSpace(before, after, { maxEditLength: MAX_WORD_EDITS });
  if (parts === undefined) {
    return [
      { op: "remove", text: before },
      { op: "add", text: after },
    ];
  }
  return parts.map((part) => ({
    op: part.added ? "add" : part.removed ? "remove" : "equal",
    text: part.value,
  }));
}

/** Above this many lines in a changed block, lines are not paired into word diffs (bounded cost). */
const MAX_PAIRED_BLOCK = 200;

export type LinePart = { value: string[]; added?: boolean; removed?: boolean };

/**
 * The line diff's parts. A page rewritten past MAX_LINE_EDITS (where an exact diff would take seconds)
 * keeps its common first and last lines and shows everything between as removed, then added.
 */
export function lineParts(before: readonly string[], after: readonly string[]): LinePart[] {
  const exact = diffArrays(before as string[], after as string[], { maxEditLength: MAX_LINE_EDITS });
  if (exact !== undefined) return exact;
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head += 1;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail += 1;
  }
  const parts: LinePart[] = [
    { value: before.slice(0, head) },
    { value: before.slice(head, before.length - tail), removed: true },
    { value: after.slice(head, after.length - tail), added: true },
    { value: before.slice(before.length - tail) },
  ];
  return parts.filter((part) => part.value.length > 0);
}

export function diffLines(before: DiffSide, after: DiffSide): LineDiffEntry[] {
  const entries: LineDiffEntry[] = [];
  let beforeIndex = 0;
  let afterIndex = 0;
  let pendingRemoved: string[] = [];

  const flushRemoved = (added: string[]): void => {
    const pair =
      pendingRemoved.length <= MAX_PAIRED_BLOCK ? Math.min(pendingRemoved.length, added.length) : 0;
    for (let i = 0; i < pair; i += 1) {
      entries.push({
        op: "change",
        before: pendingRemoved[i],
        after: added[i],
        words: wordDiff(pendingRemoved[i], added[i]),
      });
    }
    for (const line of pendingRemoved.slice(pair)) entries.push({ op: "remove", before: line });
    for (const line of added.slice(pair)) entries.push({ op: "add", after: line });
    pendingRemoved = [];
  };

  for (const part of lineParts(before.lines, after.lines)) {
    const count = part.value.length;
    if (part.removed) {
      // A loop, not push(...slice): a block of 100k+ lines would overflow the call stack.
      for (let i = 0; i < count; i += 1) pendingRemoved.push(before.originals[beforeIndex + i]);
      beforeIndex += count;
    } else if (part.added) {
      flushRemoved(after.originals.slice(afterIndex, afterIndex + count) as string[]);
      afterIndex += count;
    } else {
      flushRemoved([]);
      for (let i = 0; i < count; i += 1) {
        entries.push({
          op: "equal",
          before: before.originals[beforeIndex + i],
          after: after.originals[afterIndex + i],
        });
      }
      beforeIndex += count;
      afterIndex += count;
    }
  }
  flushRemoved([]);
  return entries;
}

/** The entries a UI shows in "only changes" mode. */
export function onlyChanges(entries: readonly LineDiffEntry[]): LineDiffEntry[] {
  return entries.filter((entry) => entry.op !== "equal");
}

export function countLineChanges(entries: readonly LineDiffEntry[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const entry of entries) {
    if (entry.op === "add" || entry.op === "change") added += 1;
    if (entry.op === "remove" || entry.op === "change") removed += 1;
  }
  return { added, removed };
}
