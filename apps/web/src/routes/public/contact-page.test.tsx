import { messages } from "@changeradar/contracts";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "../../test/render";
import ContactPage from "./contact-page";

describe("ContactPage", () => {
  it("shows the support email and office hours beside the form", () => {
    renderScreen(<ContactPage />, { path: "/contact" });
    expect(screen.getByRole("link", { name: "support@changeradar.app" })).toHaveAttribute(
      "href",
      "mailto:support@changeradar.app",
    );
    expect(screen.getByText("Monday to Friday, 9:00 AM to 6:00 PM EST")).toBeInTheDocument();
  });

  it("requires email and message", async () => {
    renderScreen(<ContactPage />, { path: "/contact" });
    await userEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.messageRequired)).toBeInTheDocument();
  });

  it("limits the message to 500 characters with the spec's 300 text (DECISIONS 1)", async () => {
    renderScreen(<ContactPage />, { path: "/contact" });
    const message = screen.getByLabelText("Message");
    fireEvent.change(message, { target: { value: "a".repeat(500) } });
    await userEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.queryByText(messages.messageMax)).not.toBeInTheDocument();
    fireEvent.change(message, { target: { value: "a".repeat(501) } });
    await userEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Max. 300 characters allowed!")).toBeInTheDocument();
  });

  it("allows only letters, digits, _ . - whitespace and !", async () => {
    renderScreen(<ContactPage />, { path: "/contact" });
    await userEvent.type(screen.getByLabelText("Message"), "Hello <b>there</b>");
    await userEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText(messages.onlyAlphanumeric)).toBeInTheDocument();
  });

  it("only logs a failed request, showing nothing to the user (spec §8)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderScreen(<ContactPage />, { path: "/contact" });
    await userEvent.type(screen.getByLabelText("Name"), "Ada");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(screen.getByLabelText("Message"), "Hello there");
    await userEvent.click(screen.getByRole("button", { name: "Send Message" }));
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith("Contact request failed", expect.anything()), {
      timeout: 10_000,
    });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
