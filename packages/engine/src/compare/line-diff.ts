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

/** Word-level detail for a line that changed; the `diff` package's word tokenizer. */
export function wordDiff(before: string, after: string): WordPart[] {
  return diffWordsWithSpace(before, after).map((part) => ({
    op: part.added ? "add" : part.removed ? "remove" : "equal",
    text: part.value,
  }));
}

/** Above this many lines in a changed block, lines are not paired into word diffs (bounded cost). */
const MAX_PAIRED_BLOCK = 200;

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

  for (const part of diffArrays(before.lines as string[], after.lines as string[])) {
    const count = part.value.length;
    if (part.removed) {
      pendingRemoved.push(...before.originals.slice(beforeIndex, beforeIndex + count));
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
