import { describe, expect, it } from "vitest";
import { compareSnapshots } from "../../src/compare/classify";
import { applyIgnoreRules, InvalidIgnoreRuleError, parseIgnoreRule } from "../../src/compare/ignore-rules";
import { buildSnapshot } from "./build-snapshot";

describe("ignore rules", () => {
  it("plain text ignores every line containing it, case-insensitively", () => {
    const rule = parseIgnoreRule("Sponsored");
    expect(applyIgnoreRules("SPONSORED: buy now", [rule])).toBeNull();
    expect(applyIgnoreRules("Kettle", [rule])).toBe("Kettle");
  });

  it("a /regex/flags rule masks what it matches", () => {
    const rule = parseIgnoreRule("/order #\\d+/i");
    expect(applyIgnoreRules("Your ORDER #123 is ready", [rule])).toBe("Your ⟨ignored⟩ is ready");
  });

  it.each([
    ["/(a+)+$/", "a"],
    ["/(x*)*y/", "x"],
    ["/^(\\w+\\s?)*$/", "word "],
    ["/^(a|a)*$/", "a"],
  ])("runs %s, catastrophic for a backtracking engine, in linear time", (rule, unit) => {
    const hostile = `${unit.repeat(Math.floor(3000 / unit.length))}!`;
    expect(applyIgnoreRules(hostile, [parseIgnoreRule(rule)])).toBe(hostile);
  });

  it("masks with once-catastrophic patterns where they match", () => {
    expect(applyIgnoreRules("baaaa", [parseIgnoreRule("/(a+)+$/")])).toBe("b⟨ignored⟩");
    expect(applyIgnoreRules("Ref: aaaa", [parseIgnoreRule("/(a|a)+/")])).toBe("Ref: ⟨ignored⟩");
  });

  it.each([
    ["/(a)\\1/", /back-references/],
    ["/(?<q>a)\\k<q>/", /back-references/],
    ["/price(?= now)/", /lookahead and lookbehind/],
    ["/(?<!\\$)\\d+/", /lookahead and lookbehind/],
    ["/(?<=€)\\d+/", /lookahead and lookbehind/],
  ])("refuses %s, which a linear-time engine cannot run, with a clear error", (rule, message) => {
    expect(() => parseIgnoreRule(rule)).toThrow(InvalidIgnoreRuleError);
    expect(() => parseIgnoreRule(rule)).toThrow(message);
  });

  it("keeps JavaScript syntax users type: named groups, \\d \\w \\b, escaped slashes, flags", () => {
    const rule = parseIgnoreRule("/(?<n>\\d+) \\/ \\bDAY\\b/i");
    expect(applyIgnoreRules("left: 12 / day", [rule])).toBe("left: ⟨ignored⟩");
    expect(applyIgnoreRules("Größe: 12", [parseIgnoreRule("/größe: \\d+/iu")])).toBe("⟨ignored⟩");
  });

  it("refuses an invalid regex, bad flags, an empty and an over-long rule", () => {
    expect(() => parseIgnoreRule("/[a-/")).toThrow(/Invalid regular expression/);
    expect(() => parseIgnoreRule("/abc/gy")).toThrow(/Unsupported regex flags/);
    expect(() => parseIgnoreRule("   ")).toThrow(/empty/);
    expect(() => parseIgnoreRule("x".repeat(501))).toThrow(/too long/);
  });

  it("bounds the text a user regex runs on", () => {
    const rule = parseIgnoreRule("/b/");
    expect(applyIgnoreRules(`${"a".repeat(10_000)}b`, [rule])).toHaveLength(4000);
  });

  it("makes compareSnapshots ignore the matched change", () => {
    const before = buildSnapshot({ lines: ["Kettle", "Visitors online now: 41"] });
    const after = buildSnapshot({ lines: ["Kettle", "Visitors online now: 57"] });
    expect(compareSnapshots(before, after, { watch: ["text"] }).changed).toBe(true);
    expect(compareSnapshots(before, after, { watch: ["text"], ignore: ["online now"] }).changed).toBe(false);
    expect(compareSnapshots(before, after, { watch: ["text"], ignore: ["/now: \\d+/"] }).changed).toBe(false);
  });
});

describe("ignore rules match the page as the user reads it", () => {
  const compare = (before: string[], after: string[], ignore: string[]) =>
    compareSnapshots(buildSnapshot({ lines: before }), buildSnapshot({ lines: after }), {
      watch: ["text"],
      ignore,
    });

  it("a text rule holding a word or number the built-in masks rewrite still hides its line", () => {
    for (const [rule, before, after] of [
      // A weekday (masked ⟨day⟩), a clock time (⟨time⟩) and a counter (⟨n⟩) in the rule as written.
      ["Monday special", "Monday special: tomato soup", "Monday special: lentil soup"],
      ["Opens at 10:30", "Opens at 10:30 — today's host: Ana", "Opens at 10:30 — today's host: Ben"],
      ["1,234 views", "1,234 views · featured by Ana", "1,234 views · featured by Ben"],
    ]) {
      const result = compare(["Acme Café", before], ["Acme Café", after], [rule]);
      expect(result.changed, rule).toBe(false);
      expect(result.ignored?.rules, rule).toEqual([{ rule, lines: 1 }]);
    }
  });

  it("a /regex/ rule matching a time the masks rewrite hides what it matches", () => {
    const rule = "/Next bus \\d\\d:\\d\\d, driver \\w+/";
    const result = compare(
      ["Acme Café", "Next bus 10:42, driver Ana"],
      ["Acme Café", "Next bus 10:57, driver Ben"],
      [rule],
    );
    expect(result.changed).toBe(false);
    expect(result.ignored?.rules).toEqual([{ rule, lines: 1 }]);
  });

  it("a line the rule does not name still changes", () => {
    const result = compare(
      ["Acme Café", "Monday special: tomato soup", "Price 4.50"],
      ["Acme Café", "Monday special: lentil soup", "Price 4.80"],
      ["Monday special"],
    );
    expect(result.changed).toBe(true);
  });
});
