/**
 * Conditions decide whether a detected change alerts ("tell me only when the price drops below $20").
 * They are plain serialisable objects so the service can store them with the monitor.
 */
import type { Snapshot } from "../snapshot";
import { parseLocaleNumber } from "./number-parse";
import { compileUserRegex, InvalidIgnoreRuleError } from "./user-regex";

export type NumberOperator = "<" | "<=" | ">" | ">=" | "==" | "!=";

export type Condition =
  | { type: "price_below"; value: number }
  | { type: "price_above"; value: number }
  | { type: "price_drops_by"; percent: number }
  | { type: "text_contains"; text: string }
  | { type: "text_no_longer_contains"; text: string }
  /** A number on the page: `pattern` is a label (the first number after it) or `/regex/` (group 1 or the match). */
  | { type: "number"; pattern: string; operator: NumberOperator; value: number };

export interface ConditionResult {
  condition: Condition;
  passed: boolean;
  /** Why, in plain words ("price 19.99 is below 20"). */
  detail: string;
}

const REGEX_SYNTAX = /^\/(.+)\/([a-z]*)$/s;

type LineMatch = { index: number; text: string; group1: string | null };

function compileMatcher(text: string): (line: string) => LineMatch | null {
  const regex = REGEX_SYNTAX.exec(text);
  if (regex) {
    const pattern = compileUserRegex(regex[1], regex[2].replace("g", ""), text);
    return (line) => pattern.firstMatch(line);
  }
  const needle = text.toLowerCase();
  return (line) => {
    const index = line.toLowerCase().indexOf(needle);
    return index < 0 ? null : { index, text: line.slice(index, index + needle.length), group1: null };
  };
}

function containsText(snapshot: Snapshot, text: string): boolean {
  const match = compileMatcher(text);
  return snapshot.lines.some((line) => match(line) !== null);
}

/** The number a `number` condition refers to, or null when the page does not show it. */
export function findNumber(snapshot: Snapshot, pattern: string): number | null {
  const isRegex = REGEX_SYNTAX.test(pattern);
  const match = compileMatcher(pattern);
  for (const line of snapshot.lines) {
    const found = match(line);
    if (!found) continue;
    if (isRegex) return parseLocaleNumber(found.group1 ?? found.text);
    const after = line.slice(found.index + found.text.length);
    const value = parseLocaleNumber(after);
    if (value !== null) return value;
  }
  return null;
}

function compare(left: number, operator: NumberOperator, right: number): boolean {
  switch (operator) {
    case "<":
      return left < right;
    case "<=":
      return left <= right;
    case ">":
      return left > right;
    case ">=":
      return left >= right;
    case "==":
      return left === right;
    case "!=":
      return left !== right;
  }
}

export function evaluateCondition(condition: Condition, previous: Snapshot, next: Snapshot): ConditionResult {
  const result = (passed: boolean, detail: string): ConditionResult => ({ condition, passed, detail });
  const price = next.price?.amount ?? null;
  switch (condition.type) {
    case "price_below":
      if (price === null) return result(false, "no price on the page");
      return result(
        price < condition.value,
        `price ${price} ${price < condition.value ? "is" : "is not"} below ${condition.value}`,
      );
    case "price_above":
      if (price === null) return result(false, "no price on the page");
      return result(
        price > condition.value,
        `price ${price} ${price > condition.value ? "is" : "is not"} above ${condition.value}`,
      );
    case "price_drops_by": {
      const before = previous.price?.amount ?? null;
      if (price === null || before === null || before <= 0) return result(false, "no price to compare");
      const drop = ((before - price) / before) * 100;
      return result(
        drop >= condition.percent,
        `price moved ${(-drop).toFixed(1)}% (needs a drop of ${condition.percent}%)`,
      );
    }
    case "text_contains": {
      const passed = containsText(next, condition.text);
      return result(passed, `page ${passed ? "contains" : "does not contain"} "${condition.text}"`);
    }
    case "text_no_longer_contains": {
      const passed = containsText(previous, condition.text) && !containsText(next, condition.text);
      return result(
        passed,
        passed ? `"${condition.text}" disappeared` : `"${condition.text}" did not disappear`,
      );
    }
    case "number": {
      const value = findNumber(next, condition.pattern);
      if (value === null) return result(false, `no number found for ${condition.pattern}`);
      const passed = compare(value, condition.operator, condition.value);
      return result(passed, `${value} ${condition.operator} ${condition.value} is ${passed}`);
    }
  }
}

export function evaluateConditions(
  conditions: readonly Condition[],
  previous: Snapshot,
  next: Snapshot,
  mode: "all" | "any" = "all",
): { passed: boolean; results: ConditionResult[] } {
  const results = conditions.map((condition) => evaluateCondition(condition, previous, next));
  if (results.length === 0) return { passed: true, results };
  const passed = mode === "all" ? results.every((r) => r.passed) : results.some((r) => r.passed);
  return { passed, results };
}

/** Check conditions up front (e.g. when a monitor is saved): throws a clear error for an unusable one. */
export function validateConditions(conditions: readonly Condition[]): void {
  for (const condition of conditions) {
    if ("text" in condition) compileMatcher(condition.text);
    if (condition.type === "number") compileMatcher(condition.pattern);
    const value = "value" in condition ? condition.value : "percent" in condition ? condition.percent : 0;
    if (!Number.isFinite(value))
      throw new InvalidIgnoreRuleError(JSON.stringify(condition), "Condition needs a number.");
  }
}
