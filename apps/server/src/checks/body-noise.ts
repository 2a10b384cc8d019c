import { bodyHash, type LearnedNoise, learnVolatileTokens } from "@changeradar/engine";

/**
 * The noise in a page's bytes, learned at a check from two reads one right after the other (the engine's
 * body-noise.ts): the tokens left out of the body's hash from then on, and the first read's hash without
 * them, to be stored with this version.
 */
export interface BodyNoise {
  tokens: string[];
  hash: string;
}

/** From the two reads' bytes (none kept when they differ in more than such tokens). */
export function bodyNoiseOf(first: Uint8Array, second: Uint8Array): BodyNoise {
  const tokens = learnVolatileTokens(first, second) ?? [];
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
