/**
 * User ignore rules. A plain-text rule ignores every line containing it (case-insensitive); a
 * `/regex/flags` rule masks what it matches. Regexes run on a linear-time engine (user-regex.ts), and
 * the text they run on is bounded.
 */
import { compileUserRegex, InvalidIgnoreRuleError, MAX_RULE_LENGTH, type UserRegex } from "./user-regex";

export { compileUserRegex, InvalidIgnoreRuleError, MAX_RULE_LENGTH };
/** Lines longer than this are cut before a user regex runs on them, bounding the work per line. */
export const MAX_LINE_LENGTH_FOR_RULES = 4000;

export type IgnoreRule =
  | { kind: "text"; source: string; needle: string }
  | { kind: "regex"; source: string; pattern: UserRegex };

const REGEX_RULE = /^\/(.+)\/([a-z]*)$/s;

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
      result = rule.pattern.replaceAll(result.slice(0, MAX_LINE_LENGTH_FOR_RULES), "⟨ignored⟩");
    }
  }
  return result;
}
