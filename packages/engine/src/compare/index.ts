export { type AiOptions, refineWithAI } from "./ai-refine";
export { compareSnapshots } from "./classify";
export {
  type Condition,
  type ConditionResult,
  evaluateCondition,
  evaluateConditions,
  findNumber,
  type NumberOperator,
  validateConditions,
} from "./conditions";
export { type FingerprintOptions, fingerprintSnapshot } from "./fingerprint";
export { type IgnoreRule, InvalidIgnoreRuleError, parseIgnoreRule, parseIgnoreRules } from "./ignore-rules";
export { countIgnored, type IgnoredNoise } from "./ignored-noise";
export { emptyLearnedNoise, type LearnedNoise, learnNoise, mergeLearnedNoise } from "./learned-noise";
export { diffLines, onlyChanges, wordDiff } from "./line-diff";
export { maskNoise } from "./noise-masks";
export { normaliseLine, normaliseSnapshot, normaliseWhitespace } from "./normalise";
export { parseLocaleNumber } from "./number-parse";
export { MAX_DIFF_HEIGHT, MAX_DIFF_WIDTH, pixelDiff } from "./pixel-diff";
export { diffAvailability, diffPrice } from "./price-diff";
export { diffItems, diffSets } from "./set-diff";
export { suggestWatch } from "./suggest-watch";
export { formatMoney, formatPrice } from "./summary";
export type * from "./types";
export { normaliseUrl } from "./url-normalise";
