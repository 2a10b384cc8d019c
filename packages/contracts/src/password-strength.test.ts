import { describe, expect, it } from "vitest";
import { passwordScore, strengthLabel } from "./password-strength";

describe("password strength (spec §4)", () => {
  it.each([
    ["", 0, "Poor"],
    ["abcdef", 1, "Poor"],
    ["abcdefgh", 2, "Weak"],
    ["abcdefg1", 3, "Normal"],
    ["abcdef1!", 4, "Good"],
    ["Abcdef1!", 5, "Strong"],
    ["A1!", 2, "Weak"],
  ])("%j scores %i (%s)", (password, score, label) => {
    expect(passwordScore(password)).toBe(score);
    expect(strengthLabel(passwordScore(password))).toBe(label);
  });

  it("answers Poor past the top of the scale", () => {
    expect(strengthLabel(6)).toBe("Poor");
  });
});
