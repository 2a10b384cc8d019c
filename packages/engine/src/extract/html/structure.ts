import { createHash } from "node:crypto";
import type { Element } from "domhandler";
import { updateJoined } from "../../hash-joined";
import { boundedCache } from "../bounded-cache";

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
  const known = classSegment(cls);
  if (known.tag !== el.name) {
    known.tag = el.name;
    known.segment = el.name + known.suffix;
  }
  // The same string object each time: the walk's path map finds it without hashing a new string.
  return known.segment;
}

interface ClassSegment {
  suffix: string;
  /** The tag the class was last seen on, and its segment. */
  tag: string;
  segment: string;
}

// Class attributes repeat heavily within and across pages: remember the answer per attribute value.
const classSegment = boundedCache<ClassSegment>(5_000, (cls) => ({
  suffix: stableClasses(cls),
  tag: "",
  segment: "",
}));

function stableClasses(cls: string): string {
  const kept = [...new Set(cls.split(/\s+/))]
    .filter((token) => token !== "" && !generatedClass.test(token))
    .sort();
  return kept.length === 0 ? "" : `.${kept.join(".")}`;
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
