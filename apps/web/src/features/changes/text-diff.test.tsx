import type { DiffLine } from "@changeradar/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render";
import { TextDiff } from "./text-diff";

const lines: DiffLine[] = [
  { op: "equal", before: "Acme Kettle", after: "Acme Kettle" },
  { op: "equal", before: "1.7 litres", after: "1.7 litres" },
  { op: "equal", before: "Free delivery", after: "Free delivery" },
  {
    op: "change",
    before: "Now $24.99",
    after: "Now $19.99",
    words: [
      { op: "equal", text: "Now $" },
      { op: "remove", text: "24" },
      { op: "add", text: "19" },
      { op: "equal", text: ".99" },
    ],
  },
  { op: "remove", before: "Only 3 left" },
  { op: "add", after: "Matching toaster" },
];

describe("TextDiff", () => {
  it("shows before and after side by side with word highlights, folding unchanged lines", async () => {
    renderScreen(<TextDiff lines={lines} />);
    const diff = await screen.findByRole("group", { name: "Text before and after" });
    expect(within(diff).getByText("2 unchanged lines")).toBeInTheDocument();
    expect(within(diff).queryByText("Acme Kettle")).not.toBeInTheDocument();
    expect(diff.querySelector("del")).toHaveTextContent("24");
    expect(diff.querySelector("ins")).toHaveTextContent("19");
    expect(within(diff).getByText("Only 3 left")).toBeInTheDocument();
    expect(within(diff).getByText("Matching toaster")).toBeInTheDocument();
    expect(screen.getByText("1 added · 1 removed · 1 changed")).toBeInTheDocument();
  });

  it("shows every line when 'only changes' is off, and one column inline", async () => {
    const user = userEvent.setup();
    renderScreen(<TextDiff lines={lines} />);
    await user.click(await screen.findByRole("switch", { name: "Only changes" }));
    expect(screen.getAllByText("Acme Kettle")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Inline" }));
    const inline = screen.getByRole("group", { name: "Text changes" });
    expect(inline).toHaveTextContent("~ Now $2419.99");
    expect(inline).toHaveTextContent("− Only 3 left");
    expect(inline).toHaveTextContent("+ Matching toaster");
  });
});
