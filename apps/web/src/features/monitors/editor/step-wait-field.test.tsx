import { type BrowserStepInput, browserStepsSchema } from "@changeradar/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../test/render";
import { BrowserStepsField } from "./browser-steps-field";

/** The steps field as the form holds it, showing what it would send. */
function Steps({ initial }: { initial: BrowserStepInput[] }) {
  const [steps, setSteps] = useState(initial);
  return (
    <>
      <BrowserStepsField plan="Pro" value={steps} onChange={setSteps} url="https://example.com/" />
      <output data-testid="steps">{JSON.stringify(steps)}</output>
    </>
  );
}

const sent = () => JSON.parse(screen.getByTestId("steps").textContent ?? "[]");

describe("a wait step's time in the steps editor", () => {
  it("is asked in seconds, labelled per step, and sent as milliseconds; empty is the default wait", () => {
    renderScreen(
      <Steps
        initial={[
          { kind: "wait_for_text", text: "Welcome" },
          { kind: "wait_for_network_idle", timeoutMs: 5_000 },
        ]}
      />,
    );
    const first = screen.getByRole("spinbutton", { name: "Step 1 wait at most, in seconds" });
    const second = screen.getByRole("spinbutton", { name: "Step 2 wait at most, in seconds" });
    expect(first).toHaveValue(null);
    expect(second).toHaveValue(5);
    expect(screen.getAllByText("1 to 30; 10 when empty")).toHaveLength(2);
    fireEvent.change(first, { target: { value: "12" } });
    fireEvent.change(second, { target: { value: "" } });
    expect(sent()).toEqual([
      { kind: "wait_for_text", text: "Welcome", timeoutMs: 12_000 },
      { kind: "wait_for_network_idle" },
    ]);
  });

  it("is held to 1 to 30 seconds by the contract the form and the API share", () => {
    const problem = (timeoutMs: number) =>
      browserStepsSchema.safeParse([{ kind: "wait_for_selector", selector: "#x", timeoutMs }]).error
        ?.issues[0]?.message;
    expect(problem(45_000)).toBe("Wait at most 30 seconds");
    expect(problem(500)).toBe("Wait at least 1 second");
    expect(problem(Number.NaN)).toBe("Enter the seconds to wait, from 1 to 30");
    expect(problem(30_000)).toBeUndefined();
    expect(problem(1_000)).toBeUndefined();
  });
});
