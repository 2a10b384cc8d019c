import { createHash } from "node:crypto";
import type { Element } from "domhandler";

export const maxStructurePaths = 2000;
/** Deeper elements are left out of the fingerprint: paths grow with depth, and 10,000-deep pages exist. */
export const maxStructureDepth = 40;

/** Generated class names (css-in-js hashes, numeric ids) rotate between deploys: they are not structure. */
const generatedClass =
  /^(?:css|sc|jsx|emotion|svelte|astro|styles?_)-|\d.*\d|^[a-z]*[A-Z][a-zA-Z]*\d|_[a-zA-Z0-9]{5,}$/;

/** "div.card.main": the tag and its stable class names, sorted (ids and generated classes left out). */
export function pathSegment(el: Element): string {
  const cls = el.attribs.class;
  if (cls === undefined || cls === "") return el.name;
  return el.name + stableClasses(cls);
}

// Class attributes repeat heavily within and across pages: remember the answer per attribute value.
const classSuffixes = new Map<string, string>();
const maxCached = 5_000;

function stableClasses(cls: string): string {
  let suffix = classSuffixes.get(cls);
  if (suffix === undefined) {
    const kept = [...new Set(cls.split(/\s+/))]
      .filter((token) => token !== "" && !generatedClass.test(token))
      .sort();
    suffix = kept.length === 0 ? "" : `.${kept.join(".")}`;
    if (classSuffixes.size >= maxCached) classSuffixes.clear();
    classSuffixes.set(cls, suffix);
  }
  return suffix;
}

export function structureFingerprint(paths: readonly string[]): { hash: string; paths: string[] } {
  // Paths are long: sorting and dropping neighbours that repeat is cheaper than hashing each into a Set.
  const sorted = distinctSorted(paths);
  const hash = createHash("sha256").update(sorted.join("\n")).digest("hex");
  return { hash, paths: sorted.length > maxStructurePaths ? sorted.slice(0, maxStructurePaths) : sorted };
}

function distinctSorted(paths: readonly string[]): string[] {
  const sorted = [...paths].sort();
  let kept = 0;
  for (const path of sorted) if (kept === 0 || path !== sorted[kept - 1]) sorted[kept++] = path;
  sorted.length = kept;
  return sorted;
}
