/**
 * User ignore rules. A plain-text rule ignores every line containing it (case-insensitive); a
 * `/regex/flags` rule masks what it matches. Regexes come from users, so a catastrophic one (nested
 * quantifiers that backtrack exponentially) is refused, and the text it runs on is bounded.
 */
import safeRegex from "safe-regex2";

export const MAX_RULE_LENGTH = 500;
/** Lines longer than this are cut before a user regex runs on them, bounding the work per line. */
export const MAX_LINE_LENGTH_FOR_RULES = 4000;

export type IgnoreRule =
  | { kind: "text"; source: string; needle: string }
  | { kind: "regex"; source: string; pattern: RegExp };

const REGEX_RULE = /^\/(.+)\/([a-z]*)$/s;
const ALLOWED_FLAGS = /^[imsu]*$/;

/** Thrown for a rule that cannot be used; `message` is shown to the user as is. */
export class InvalidIgnoreRuleError extends Error {
  constructor(
    readonly rule: string,
    message: string,
  ) {
    super(message);
    this.name = "InvalidIgnoreRuleError";
  }
}

/** Build a user regex after refusing invalid, over-long and catastrophic patterns. */
export function compileUserRegex(source: string, flags: string, rule: string): RegExp {
  if (source.length > MAX_RULE_LENGTH) {
    throw new InvalidIgnoreRuleError(rule, `Rule is too long (max. ${MAX_RULE_LENGTH} characters).`);
  }
  if (!ALLOWED_FLAGS.test(flags)) {
    throw new InvalidIgnoreRuleError(rule, `Unsupported regex flags "${flags}" (use i, m, s or u).`);
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, `${flags}g`);
  } catch (error) {
    throw new InvalidIgnoreRuleError(rule, `Invalid regular expression: ${(error as Error).message}`);
  }
  if (!safeRegex(pattern, { limit: 25 })) {
    throw new InvalidIgnoreRuleError(
      rule,
      `Regular expression ${rule} is unsafe: nested repetition can take exponential time. Simplify it (e.g. avoid "(a+)+").`,
    );
  }
  return pattern;
}

export function parseIgnoreRule(rule: string): IgnoreRule {
  const trimmed = rule.trim();
  if (trimmed === "") throw new InvalidIgnoreRuleError(rule, "Ignore rule is empty.");
  const regex = REGEX_RULE.exec(trimmed);
  if (regex)
    return { kind: "regex", source: trimmed, pattern: compileUserRegex(regex[1], regex[2], trimmed) };
  if (trimmed.length > MAX_RULE_LENGTH) {
    throw new InvalidIgnoreRuleError(rule, `Rule is too long (max. ${MAX_RULE_LENGTH} characters).`);
  }
  return { kind: "text", source: trimmed, needle: trimmed.toLowerCase() };
}

export function parseIgnoreRules(rules: readonly string[] | undefined): IgnoreRule[] {
  return (rules ?? []).map(parseIgnoreRule);
}

/** Apply rules to one line: null when the line is ignored, else the line with regex matches masked. */
export function applyIgnoreRules(line: string, rules: readonly IgnoreRule[]): string | null {
  let result = line;
  for (const rule of rules) {
    if (rule.kind === "text") {
      if (result.toLowerCase().includes(rule.needle)) return null;
    } else {
      rule.pattern.lastIndex = 0;
      result = result.slice(0, MAX_LINE_LENGTH_FOR_RULES).replace(rule.pattern, "⟨ignored⟩");
    }
  }
  return result;
}
