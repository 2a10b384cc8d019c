/**
 * The shapes learned noise is stored as and applied to, and its application: kept apart from learning
 * (learned-noise.ts), which needs the normaliser, so that the normaliser can apply noise without a cycle.
 */
import type { Item } from "../snapshot";

export interface LearnedNoise {
  version: 1;
  /** Line templates: literal segments in order; whatever lies between them varies. */
  lineTemplates: string[][];
  /** Normalised lines present in only one of the two fetches. */
  volatileLines: string[];
  volatileItemKeys: string[];
  volatileImages: string[];
  volatileStructurePaths: string[];
  /**
   * The contexts of the body's tokens that differed between the two reads (body-noise.ts): left out of
   * the body's hash, so a page whose only difference is that noise is not parsed again. Absent on noise
   * learned before it was, and when the difference was not such tokens.
   */
  volatileBodyTokens?: string[];
  /** When the tokens were last learned from two reads' bytes (ISO time), whether any were found. */
  bodyTokensLearnedAt?: string;
  /**
   * Learned from two reads' bytes alone, at a check that saw no visible difference: the lines are still to
   * be learned, at the first one.
   */
  linesUnlearned?: true;
}

export interface NormalisedView {
  /** Masked lines, paired with the original line they came from (for readable diffs). */
  lines: string[];
  originals: string[];
  items: Item[];
  images: string[];
  structurePaths: string[];
  structureHash: string;
}

export function emptyLearnedNoise(): LearnedNoise {
  return {
    version: 1,
    lineTemplates: [],
    volatileLines: [],
    volatileItemKeys: [],
    volatileImages: [],
    volatileStructurePaths: [],
  };
}

/** True when `line` consists of the template's segments in order with anything between them. */
export function matchesTemplate(line: string, segments: readonly string[]): boolean {
  const first = segments[0];
  const last = segments[segments.length - 1];
  if (!line.startsWith(first) || !line.endsWith(last) || line.length < first.length + last.length)
    return false;
  let position = first.length;
  const end = line.length - last.length;
  for (let i = 1; i < segments.length - 1; i += 1) {
    const found = line.indexOf(segments[i], position);
    if (found < 0 || found + segments[i].length > end) return false;
    position = found + segments[i].length;
  }
  return true;
}

/** Remove or canonicalise everything the learned noise marks as volatile. */
export function applyLearnedNoise(view: NormalisedView, noise: LearnedNoise): NormalisedView {
  const volatileLines = new Set(noise.volatileLines);
  const lines: string[] = [];
  const originals: string[] = [];
  view.lines.forEach((line, index) => {
    if (volatileLines.has(line)) return;
    const template = noise.lineTemplates.find((segments) => matchesTemplate(line, segments));
    lines.push(template ? template.join(" ⟨learned⟩ ") : line);
    originals.push(view.originals[index]);
  });
  const volatileKeys = new Set(noise.volatileItemKeys);
  const volatileImages = new Set(noise.volatileImages);
  const volatilePaths = new Set(noise.volatileStructurePaths);
  const structurePaths = view.structurePaths.filter((p) => !volatilePaths.has(p));
  return {
    lines,
    originals,
    items: view.items.filter((item) => !volatileKeys.has(item.key)),
    images: view.images.filter((image) => !volatileImages.has(image)),
    structurePaths,
    // With volatile paths learned, the stored hash no longer describes the compared paths.
    structureHash: volatilePaths.size > 0 ? structurePaths.join("\n") : view.structureHash,
  };
}
