import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render";
import VerifyCodePage from "./verify-code-page";

const state = { userId: "u1", email: "jane@example.com", target: "/new-password", isAlert: false };

describe("VerifyCodePage", () => {
  it("shows where the code went and a Resend Code link", () => {
    renderScreen(<VerifyCodePage />, { path: "/verify-code", state });
    expect(screen.getByText("jane@example.com")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resend Code" })).toBeInTheDocument();
  });

  it("submits only when all six boxes are filled, and then by itself", async () => {
    renderScreen(<VerifyCodePage />, { path: "/verify-code", state });
    const verify = screen.getByRole("button", { name: "Verify" });
    await userEvent.click(screen.getByLabelText("Digit 1"));
    await userEvent.keyboard("12345");
    expect(verify).toBeDisabled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await userEvent.keyboard("6");
    // No API answers in this test, so the submission ends in the transport error of spec §8.
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not reach ChangeRadar");
    expect(screen.getByLabelText("Digit 1")).toHaveValue("");
  });

  it("explains how to get a code when opened without one", () => {
    renderScreen(<VerifyCodePage />, { path: "/verify-code" });
    expect(screen.getByRole("link", { name: "Request a new code" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });
});
