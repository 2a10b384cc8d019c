import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StrengthMeter } from "./strength-meter";

describe("StrengthMeter (spec §4 levels)", () => {
  it.each([
    ["", "Poor"], // score 0
    ["abcdef", "Poor"], // length over 5: 1
    ["abcdefgh", "Weak"], // over 5 and over 7: 2
    ["abcdefg1", "Normal"], // + a digit: 3
    ["abcdef1!", "Good"], // + a special character: 4
    ["Abcdef1!", "Strong"], // + lower and upper case: 5
    ["Ab1!", "Normal"], // short but digit, special, mixed case: 3
    ["abc_def", "Weak"], // over 5 and a special character from DECISIONS 9: 2
  ])("shows %j as %s", (password, label) => {
    render(<StrengthMeter password={password} />);
    expect(screen.getByTestId("password-strength")).toHaveTextContent(`Password strength: ${label}`);
  });
});
