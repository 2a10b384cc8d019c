import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render";
import { PricingSection } from "./pricing-section";

const plan = (name: string) => within(screen.getByTestId(`plan-${name}`));

describe("PricingSection (spec §9, DECISIONS 4)", () => {
  it("defaults to annual billing: price per month and price × 12 billed yearly", () => {
    renderScreen(<PricingSection />);
    expect(screen.getByRole("switch", { name: "Bill annually" })).toBeChecked();
    expect(screen.getByText("Save 20%")).toBeInTheDocument();
    expect(plan("Free").getByText("$0")).toBeInTheDocument();
    expect(plan("Personal").getByText("$9")).toBeInTheDocument();
    expect(plan("Personal").getByText("$108 billed yearly")).toBeInTheDocument();
    expect(plan("Pro").getByText("$19")).toBeInTheDocument();
    expect(plan("Pro").getByText("$228 billed yearly")).toBeInTheDocument();
    expect(plan("Business").getByText("$49")).toBeInTheDocument();
    expect(plan("Business").getByText("$588 billed yearly")).toBeInTheDocument();
    expect(plan("Pro").getByText("Most Popular")).toBeInTheDocument();
  });

  it("switches to monthly billing at round(price × 1.2), Free staying $0", async () => {
    renderScreen(<PricingSection />);
    await userEvent.click(screen.getByRole("switch", { name: "Bill annually" }));
    expect(plan("Free").getByText("$0")).toBeInTheDocument();
    expect(plan("Personal").getByText("$11")).toBeInTheDocument();
    expect(plan("Pro").getByText("$23")).toBeInTheDocument();
    expect(plan("Business").getByText("$59")).toBeInTheDocument();
    expect(screen.queryByText(/billed yearly/)).not.toBeInTheDocument();
  });

  it("links each plan's call to action to register with planType and the chosen period", async () => {
    renderScreen(<PricingSection />);
    const labels = {
      Free: "Start Free",
      Personal: "Start Personal Trial",
      Pro: "Start Pro Trial",
      Business: "Start Business Trial",
    };
    for (const [name, label] of Object.entries(labels)) {
      expect(plan(name).getByRole("link", { name: label })).toHaveAttribute(
        "href",
        `/register?planType=${name}&period=yearly`,
      );
    }
    await userEvent.click(screen.getByRole("switch", { name: "Bill annually" }));
    expect(plan("Pro").getByRole("link", { name: "Start Pro Trial" })).toHaveAttribute(
      "href",
      "/register?planType=Pro&period=monthly",
    );
    expect(screen.getByRole("link", { name: "Get in touch" })).toHaveAttribute("href", "/contact");
  });
});
