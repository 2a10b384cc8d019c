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

/**
 * The learned noise with these body tokens, learned from two reads at `learnedAt` (and lines learned,
 * unless `linesUnlearned`).
 */
export function withBodyTokens(
  noise: LearnedNoise,
  tokens: string[],
  { learnedAt, linesUnlearned = false }: { learnedAt: Date; linesUnlearned?: boolean },
): LearnedNoise {
  const {
    volatileBodyTokens: _tokens,
    linesUnlearned: _unlearned,
    bodyTokensLearnedAt: _at,
    ...lines
  } = noise;
  return {
    ...lines,
    ...(tokens.length > 0 ? { volatileBodyTokens: tokens } : {}),
    bodyTokensLearnedAt: learnedAt.toISOString(),
    ...(linesUnlearned ? { linesUnlearned: true as const } : {}),
  };
}

/** Reads whose bytes showed no tokens are not asked again for this long (a second request each time). */
const BODY_RELEARN_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a check whose bytes differ while nothing visible does reads the page once more, to learn the
 * tokens that vary in its bytes: when nothing is learned yet; when the known tokens no longer explain the
 * bytes (the text before one moved); when the noise was learned before tokens were (such a monitor would
 * otherwise be parsed at every such check for good); and when the last try found none a day ago or more
 * (a page that took up a token since).
 */
export function shouldLearnBodyTokens(noise: LearnedNoise | null, now: Date): boolean {
  if (noise === null || (noise.volatileBodyTokens?.length ?? 0) > 0) return true;
  if (noise.bodyTokensLearnedAt === undefined) return true;
  return now.getTime() - Date.parse(noise.bodyTokensLearnedAt) >= BODY_RELEARN_MS;
}
