import { describe, expect, it } from "vitest";
import { compareSnapshots } from "../../src/compare/classify";
import {
  type Condition,
  evaluateConditions,
  findNumber,
  validateConditions,
} from "../../src/compare/conditions";
import { parseLocaleNumber } from "../../src/compare/number-parse";
import { buildSnapshot, usd } from "./build-snapshot";

const before = buildSnapshot({ price: usd(24.99), lines: ["Kettle", "Rating 4.1 of 5", "Free delivery"] });
const after = buildSnapshot({ price: usd(19.99), lines: ["Kettle", "Rating 4.6 of 5", "Sale!"] });

function passes(condition: Condition, a = before, b = after): boolean {
  return evaluateConditions([condition], a, b).passed;
}

describe("conditions", () => {
  it("price below / above a value", () => {
    expect(passes({ type: "price_below", value: 20 })).toBe(true);
    expect(passes({ type: "price_below", value: 19 })).toBe(false);
    expect(passes({ type: "price_above", value: 19 })).toBe(true);
    expect(passes({ type: "price_above", value: 30 })).toBe(false);
    expect(passes({ type: "price_below", value: 20 }, before, buildSnapshot())).toBe(false);
  });

  it("price drops by at least N percent", () => {
    expect(passes({ type: "price_drops_by", percent: 20 })).toBe(true);
    expect(passes({ type: "price_drops_by", percent: 21 })).toBe(false);
    expect(passes({ type: "price_drops_by", percent: 5 }, after, before)).toBe(false);
  });

  it("text contains / no longer contains (plain or regex)", () => {
    expect(passes({ type: "text_contains", text: "sale!" })).toBe(true);
    expect(passes({ type: "text_contains", text: "/^sale/i" })).toBe(true);
    expect(passes({ type: "text_contains", text: "Sold out" })).toBe(false);
    expect(passes({ type: "text_no_longer_contains", text: "Free delivery" })).toBe(true);
    expect(passes({ type: "text_no_longer_contains", text: "Kettle" })).toBe(false);
  });

  it("number comparisons for a number found by a label or a regex", () => {
    expect(findNumber(after, "Rating")).toBe(4.6);
    expect(findNumber(after, "/Rating ([\\d.]+) of/")).toBe(4.6);
    expect(passes({ type: "number", pattern: "Rating", operator: ">=", value: 4.5 })).toBe(true);
    expect(passes({ type: "number", pattern: "Rating", operator: "<", value: 4.5 })).toBe(false);
    expect(passes({ type: "number", pattern: "Weight", operator: "<", value: 4.5 })).toBe(false);
  });

  it("all vs any", () => {
    const both: Condition[] = [
      { type: "price_below", value: 20 },
      { type: "text_contains", text: "Sold out" },
    ];
    expect(evaluateConditions(both, before, after, "all").passed).toBe(false);
    expect(evaluateConditions(both, before, after, "any").passed).toBe(true);
  });

  it("decide alert but not change", () => {
    const options = { watch: ["price"] as const };
    const result = compareSnapshots(before, after, {
      watch: [...options.watch],
      conditions: [{ type: "price_below", value: 15 }],
    });
    expect(result.changed).toBe(true);
    expect(result.alert).toBe(false);
    expect(result.conditions[0].detail).toBe("price 19.99 is not below 15");
  });

  it("a number condition's once-catastrophic pattern runs in linear time", () => {
    const page = buildSnapshot({ lines: [`${"a".repeat(3000)}!`, "Stock: 7 left"] });
    expect(findNumber(page, "/^(a|a)*$/")).toBeNull();
    expect(findNumber(page, "/(?:a|a)*Stock: (\\d+)/")).toBe(7);
  });

  it("validation refuses patterns a linear-time engine cannot run, and non-numbers", () => {
    expect(() => validateConditions([{ type: "text_contains", text: "/(a)\\1/" }])).toThrow(
      /back-references/,
    );
    expect(() =>
      validateConditions([{ type: "number", pattern: "/(?<=\\$)\\d+/", operator: "<", value: 1 }]),
    ).toThrow(/lookahead and lookbehind/);
    expect(() => validateConditions([{ type: "price_below", value: Number.NaN }])).toThrow(/number/);
  });
});

describe("parseLocaleNumber", () => {
  it.each([
    ["1,234.56", 1234.56],
    ["1.234,56", 1234.56],
    ["12,5", 12.5],
    ["1 299", 1299],
    ["1,234", 1234],
    ["−3", -3],
    ["4.6 of 5", 4.6],
  ])("%s → %d", (raw, value) => expect(parseLocaleNumber(raw)).toBe(value));
});
