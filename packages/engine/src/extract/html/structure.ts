import { createHash } from "node:crypto";
import type { Element } from "domhandler";
import { updateJoined } from "../../hash-joined";
import { type ClassFacts, classFactsOf } from "./class-facts";

export const maxStructurePaths = 2000;
/** Deeper elements are left out of the fingerprint: paths grow with depth, and 10,000-deep pages exist. */
export const maxStructureDepth = 40;

/** "div.card.main": the tag and its stable class names, sorted (ids and generated classes left out). */
export function pathSegment(el: Element, classes: ClassFacts | undefined = classFactsOf(el)): string {
  if (classes === undefined) return el.name;
  if (classes.tag !== el.name) {
    classes.tag = el.name;
    classes.segment = el.name + classes.suffix;
  }
  // The same string object each time: the walk's path map finds it without hashing a new string.
  return classes.segment;
}

/** `sorted`: the paths are already distinct and in string order (the walk reads them off its path tree). */
export function structureFingerprint(
  paths: readonly string[],
  { sorted: alreadySorted = false } = {},
): { hash: string; paths: string[] } {
  // Paths are long: sorting and dropping neighbours that repeat is cheaper than hashing each into a Set.
  const sorted = alreadySorted ? (paths as string[]) : distinctSorted(paths);
  const hash = updateJoined(createHash("sha256"), sorted, "\n").digest("hex");
  return { hash, paths: sorted.length > maxStructurePaths ? sorted.slice(0, maxStructurePaths) : sorted };
}

export function distinctSorted(paths: readonly string[]): string[] {
  const sorted = [...paths].sort();
  let kept = 0;
  for (const path of sorted) if (kept === 0 || path !== sorted[kept - 1]) sorted[kept++] = path;
  sorted.length = kept;
  return sorted;
}
