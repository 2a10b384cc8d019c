import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { emptyPasscode, PasscodeInput } from "./passcode-input";

function Harness() {
  const [digits, setDigits] = useState(emptyPasscode);
  return (
    <>
      <PasscodeInput digits={digits} onChange={setDigits} />
      <output data-testid="code">{digits.join("")}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n}`);

describe("PasscodeInput (spec §4, §5)", () => {
  it("has six boxes", () => {
    render(<Harness />);
    expect(screen.getAllByLabelText(/^Digit \d$/)).toHaveLength(6);
  });

  it("takes digits only, one per box, and moves focus on", async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard("a");
    expect(box(1)).toHaveValue("");
    expect(box(1)).toHaveFocus();
    await userEvent.keyboard("4");
    expect(box(1)).toHaveValue("4");
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard("2");
    expect(box(3)).toHaveFocus();
    expect(screen.getByTestId("code")).toHaveTextContent("42");
  });

  it("goes back on Backspace in an empty box, and clears a filled one", async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard("12");
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard("{Backspace}");
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard("{Backspace}");
    expect(box(2)).toHaveValue("");
    expect(box(2)).toHaveFocus();
  });

  it("fills all six boxes from a pasted code, ignoring non-digits", () => {
    render(<Harness />);
    fireEvent.paste(box(3), { clipboardData: { getData: () => " 123-456 " } });
    expect(screen.getByTestId("code")).toHaveTextContent("123456");
    expect(box(6)).toHaveValue("6");
  });

  it("fills from the pasted box onwards when the paste is shorter than the code", () => {
    render(<Harness />);
    fireEvent.paste(box(2), { clipboardData: { getData: () => "78" } });
    expect(box(1)).toHaveValue("");
    expect(box(2)).toHaveValue("7");
    expect(box(3)).toHaveValue("8");
  });
});
