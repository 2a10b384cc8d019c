import { bodyHash, emptyLearnedNoise, type LearnedNoise, learnVolatileTokens } from "@changeradar/engine";

/**
 * The noise in a page's bytes, learned at a check from two reads one right after the other (the engine's
 * body-noise.ts): the tokens left out of the body's hash from then on, and the first read's hash without
 * them, to be stored with this version.
 */
export interface BodyNoise {
  tokens: string[];
  hash: string;
}

/** From the two reads' bytes; `second` null: the second read had the first's bytes, nothing is volatile. */
export function bodyNoiseOf(first: Uint8Array, second: Uint8Array | null): BodyNoise {
  const tokens = second ? (learnVolatileTokens(first, second) ?? []) : [];
  return { tokens, hash: bodyHash(first, tokens) };
}

/** The learned noise with these body tokens (and lines learned, unless told). */
export function withBodyTokens(noise: LearnedNoise, tokens: string[], linesUnlearned = false): LearnedNoise {
  const { volatileBodyTokens: _tokens, linesUnlearned: _unlearned, ...lines } = noise;
  return {
    ...lines,
    ...(tokens.length > 0 ? { volatileBodyTokens: tokens } : {}),
    ...(linesUnlearned ? { linesUnlearned: true as const } : {}),
  };
}

/** Noise learned from the bytes alone: no line is known to vary yet. */
export const bytesOnlyNoise = (tokens: string[]) => withBodyTokens(emptyLearnedNoise(), tokens, true);
