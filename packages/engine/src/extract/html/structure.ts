import { createHash } from "node:crypto";
import type { Element } from "domhandler";

export const maxStructurePaths = 2000;
/** Deeper elements are left out of the fingerprint: paths grow with depth, and 10,000-deep pages exist. */
export const maxStructureDepth = 40;

/** Generated class names (css-in-js hashes, numeric ids) rotate between deploys: they are not structure. */
const generatedClass =
  /^(?:css|sc|jsx|emotion|svelte|astro|styles?_)-|\d.*\d|^[a-z]*[A-Z][a-zA-Z]*\d|_[a-zA-Z0-9]{5,}$/;

export function pathSegment(el: Element): string {
  const cls = el.attribs.class;
  if (cls === undefined || cls === "") return el.name;
  const kept: string[] = [];
  for (const token of cls.split(/\s+/)) {
    if (token !== "" && !generatedClass.test(token) && !kept.includes(token)) kept.push(token);
  }
  if (kept.length === 0) return el.name;
  kept.sort();
  return `${el.name}.${kept.join(".")}`;
}

export function structureFingerprint(paths: Set<string>): { hash: string; paths: string[] } {
  const sorted = [...paths].sort();
  const hash = createHash("sha256").update(sorted.join("\n")).digest("hex");
  return { hash, paths: sorted.length > maxStructurePaths ? sorted.slice(0, maxStructurePaths) : sorted };
}
