import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { faqEntries, filterFaq } from "../../components/faq/faq-content";
import { renderScreen } from "../../test/render";
import FaqPage from "./faq-page";

const questions = () =>
  screen.queryAllByRole("heading", { level: 2 }).filter((h) => h.textContent !== "Still need help?");

describe("FaqPage (spec §2)", () => {
  it("lists ten questions and a Contact Support mailto", () => {
    expect(faqEntries).toHaveLength(10);
    renderScreen(<FaqPage />, { path: "/faq" });
    expect(questions()).toHaveLength(10);
    expect(screen.getByRole("link", { name: "Contact Support" })).toHaveAttribute(
      "href",
      "mailto:support@changeradar.app",
    );
  });

  it("filters by question or answer text, case-insensitively, and clears", async () => {
    renderScreen(<FaqPage />, { path: "/faq" });
    await userEvent.type(screen.getByLabelText("Search questions"), "SLACK");
    // "Slack" appears only in answers: the notification channels one.
    expect(questions().map((q) => q.textContent)).toEqual(["How will I be notified of a change?"]);
    await userEvent.click(screen.getByRole("button", { name: "Clear search" }));
    expect(questions()).toHaveLength(10);
    await userEvent.type(screen.getByLabelText("Search questions"), "zebra crossing");
    expect(screen.getByText(/No questions match/)).toBeInTheDocument();
  });

  it("offers the frequencies the product really has (DECISIONS 3)", () => {
    const answer = filterFaq(faqEntries, "how often")[0]!.answer;
    for (const f of [
      "every 15 minutes",
      "every hour",
      "every 6 hours",
      "every 12 hours",
      "once a day",
      "once a week",
    ])
      expect(answer).toContain(f);
    expect(answer).not.toMatch(/\b5 minutes/);
  });
});
