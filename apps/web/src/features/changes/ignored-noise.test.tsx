import { describe, expect, it } from "vitest";
import { describeIgnored } from "./ignored-noise";

describe("what the noise filter ignored, in words", () => {
  it("names each kind with its count, singular or plural, and leaves out what hid nothing", () => {
    expect(describeIgnored({ timestamps: 3, counters: 1 })).toBe("3 timestamps, 1 counter ignored");
    expect(describeIgnored({ ids: 2, learned: 1 })).toBe("2 ids, 1 learned noisy line ignored");
  });

  it("says nothing when only rules hid lines (each rule is named on its own line)", () => {
    expect(describeIgnored({ rules: [{ rule: "deal", lines: 1 }] })).toBeNull();
  });
});
