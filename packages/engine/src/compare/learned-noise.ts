/**
 * Learned noise: what differs between two back-to-back fetches of the same page is volatile by
 * definition (a rotating headline, a counter the masks missed, an ad image). `learnNoise` records it as a
 * serialisable description; later comparisons apply it to both sides so it never counts as a change.
 */
import { diffArrays } from "diff";
import type { Snapshot } from "../snapshot";
import { lineParts } from "./line-diff";
import { emptyLearnedNoise, type LearnedNoise } from "./noise-view";
import { normaliseSnapshot } from "./normalise";

export { applyLearnedNoise, emptyLearnedNoise, type LearnedNoise, matchesTemplate } from "./noise-view";

const MAX_TEMPLATES = 200;
const MAX_VOLATILE = 500;
const MIN_LITERAL_CHARS = 4;

function symmetricDifference(a: readonly string[], b: readonly string[]): string[] {
  const inA = new Set(a);
  const inB = new Set(b);
  return [...a.filter((x) => !inB.has(x)), ...b.filter((x) => !inA.has(x))];
}

/** The literal segments two variants of a line share, or null when they share too little to be one line. */
export function lineTemplate(before: string, after: string): string[] | null {
  const parts = diffArrays(before.split(" "), after.split(" "), { maxEditLength: 200 });
  if (parts === undefined) return null;
  const segments: string[] = [];
  let current: string[] = [];
  let previousWasGap = false;
  for (const part of parts) {
    if (!part.added && !part.removed) {
      for (const word of part.value) current.push(word);
      previousWasGap = false;
    } else if (!previousWasGap) {
      segments.push(current.join(" "));
      current = [];
      previousWasGap = true;
    }
  }
  segments.push(current.join(" "));
  const literalChars = segments.reduce((sum, s) => sum + s.length, 0);
  return literalChars >= MIN_LITERAL_CHARS ? segments : null;
}

function learnLines(a: readonly string[], b: readonly string[], noise: LearnedNoise): void {
  let removed: string[] = [];
  const flush = (added: string[]): void => {
    const pairs = Math.min(removed.length, added.length);
    for (let i = 0; i < pairs; i += 1) {
      const template = lineTemplate(removed[i], added[i]);
      if (template) noise.lineTemplates.push(template);
      else noise.volatileLines.push(removed[i], added[i]);
    }
    // Loops, not push(...array): blocks of 100k+ lines would overflow the call stack.
    for (let i = pairs; i < removed.length; i += 1) noise.volatileLines.push(removed[i]);
    for (let i = pairs; i < added.length; i += 1) noise.volatileLines.push(added[i]);
    removed = [];
  };
  for (const part of lineParts(a, b)) {
    if (part.removed) for (const line of part.value) removed.push(line);
    else if (part.added) flush(part.value);
    else flush([]);
  }
  flush([]);
}

/** Learn what varies between two fetches of the same page taken back to back. */
export function learnNoise(a: Snapshot, b: Snapshot, previous?: LearnedNoise | null): LearnedNoise {
  const settings = { rules: [], learnedNoise: null };
  const viewA = normaliseSnapshot(a, settings);
  const viewB = normaliseSnapshot(b, settings);
  const noise = emptyLearnedNoise();
  learnLines(viewA.lines, viewB.lines, noise);
  noise.volatileItemKeys = symmetricDifference(
    viewA.items.map((i) => i.key),
    viewB.items.map((i) => i.key),
  );
  noise.volatileImages = symmetricDifference(viewA.images, viewB.images);
  noise.volatileStructurePaths = symmetricDifference(viewA.structurePaths, viewB.structurePaths);
  return previous ? mergeLearnedNoise(previous, noise) : noise;
}

function mergeList<T>(a: readonly T[], b: readonly T[], limit: number, key: (x: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const x of [...b, ...a]) if (!seen.has(key(x))) seen.set(key(x), x);
  return [...seen.values()].slice(0, limit);
}

/** Combine two learned descriptions (newest first when the bounded lists overflow). */
export function mergeLearnedNoise(older: LearnedNoise, newer: LearnedNoise): LearnedNoise {
  const id = (x: string): string => x;
  return {
    version: 1,
    lineTemplates: mergeList(older.lineTemplates, newer.lineTemplates, MAX_TEMPLATES, (t) =>
      JSON.stringify(t),
    ),
    volatileLines: mergeList(older.volatileLines, newer.volatileLines, MAX_VOLATILE, id),
    volatileItemKeys: mergeList(older.volatileItemKeys, newer.volatileItemKeys, MAX_VOLATILE, id),
    volatileImages: mergeList(older.volatileImages, newer.volatileImages, MAX_VOLATILE, id),
    volatileStructurePaths: mergeList(
      older.volatileStructurePaths,
      newer.volatileStructurePaths,
      MAX_VOLATILE,
      id,
    ),
  };
}
