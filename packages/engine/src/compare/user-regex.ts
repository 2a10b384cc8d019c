/**
 * Patterns users type (`/regex/flags` in ignore rules and conditions) run on RE2JS, a linear-time engine:
 * matching time grows with the text, never exponentially with the pattern, so no pattern can stall a
 * check or the process. What RE2 cannot run in linear time (back-references, lookahead, lookbehind) is
 * refused when the pattern is saved, with a message that says so.
 */
import { RE2JS } from "re2js";

export const MAX_RULE_LENGTH = 500;

/** Thrown for a rule or pattern that cannot be used; `message` is shown to the user as is. */
export class InvalidIgnoreRuleError extends Error {
  constructor(
    readonly rule: string,
    message: string,
  ) {
    super(message);
    this.name = "InvalidIgnoreRuleError";
  }
}

/** One match: where it starts, the matched text and the first capture group (null when it did not take part). */
export interface UserRegexMatch {
  index: number;
  text: string;
  group1: string | null;
}

export interface UserRegex {
  /** Every non-overlapping match replaced by `replacement` (taken literally). */
  replaceAll(text: string, replacement: string): string;
  /** The first match, or null. */
  firstMatch(text: string): UserRegexMatch | null;
}

const ALLOWED_FLAGS = /^[imsu]*$/;

/** The constructs RE2 cannot run, found outside character classes and escapes. */
function unsupportedSyntax(source: string): "back-reference" | "lookaround" | null {
  let inClass = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (char === "\\") {
      const next = source[i + 1] ?? "";
      if (!inClass && (/[1-9]/.test(next) || (next === "k" && source[i + 2] === "<")))
        return "back-reference";
      i += 1;
    } else if (inClass) {
      if (char === "]") inClass = false;
    } else if (char === "[") {
      inClass = true;
    } else if (char === "(" && /^\?<?[=!]/.test(source.slice(i + 1, i + 4))) {
      return "lookaround";
    }
  }
  return null;
}

function flagBits(flags: string): number {
  let bits = 0;
  if (flags.includes("i")) bits |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes("m")) bits |= RE2JS.MULTILINE;
  if (flags.includes("s")) bits |= RE2JS.DOTALL;
  return bits; // "u": RE2 always matches by code point.
}

function unsupported(source: string, rule: string): InvalidIgnoreRuleError | null {
  const cannot = "Patterns run on a linear-time engine (RE2), which cannot run";
  switch (unsupportedSyntax(source)) {
    case "back-reference":
      return new InvalidIgnoreRuleError(rule, `${cannot} back-references (\\1, \\k<name>). Remove them.`);
    case "lookaround":
      return new InvalidIgnoreRuleError(
        rule,
        `${cannot} lookahead and lookbehind ((?=…), (?!…), (?<=…), (?<!…)). Remove them.`,
      );
    case null:
      return null;
  }
}

/** Compile a user's pattern, refusing invalid, over-long and unsupported ones with a clear message. */
export function compileUserRegex(source: string, flags: string, rule: string): UserRegex {
  if (source.length > MAX_RULE_LENGTH) {
    throw new InvalidIgnoreRuleError(rule, `Rule is too long (max. ${MAX_RULE_LENGTH} characters).`);
  }
  if (!ALLOWED_FLAGS.test(flags)) {
    throw new InvalidIgnoreRuleError(rule, `Unsupported regex flags "${flags}" (use i, m, s or u).`);
  }
  const refused = unsupported(source, rule);
  if (refused) throw refused;
  let pattern: RE2JS;
  try {
    pattern = RE2JS.compile(RE2JS.translateRegExp(source), flagBits(flags));
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : "";
    throw new InvalidIgnoreRuleError(rule, `Invalid regular expression ${rule}: ${detail}`);
  }
  return {
    replaceAll: (text, replacement) => pattern.matcher(text).replaceAll(() => replacement),
    firstMatch(text) {
      const matcher = pattern.matcher(text);
      if (!matcher.find()) return null;
      const text0 = matcher.group() ?? "";
      return {
        index: matcher.start(),
        text: text0,
        group1: pattern.groupCount() > 0 ? matcher.group(1) : null,
      };
    },
  };
}
