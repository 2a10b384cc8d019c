import { messages } from "@changeradar/contracts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render";
import ForgotPasswordPage from "./forgot-password-page";
import NewPasswordPage from "./new-password-page";

describe("ForgotPasswordPage", () => {
  it("asks for the email, hints at the spam folder and validates", async () => {
    renderScreen(<ForgotPasswordPage />, { path: "/forgot-password" });
    expect(screen.getByText(/check your spam folder/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send Code" }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Email"), "someone at example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send Code" }));
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
  });
});

describe("NewPasswordPage", () => {
  const open = () =>
    renderScreen(<NewPasswordPage />, { path: "/new-password", state: { userId: "u1", resetToken: "t1" } });

  it("requires both fields with the spec's messages", async () => {
    open();
    await userEvent.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText(messages.newPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.confirmPasswordRequired)).toBeInTheDocument();
  });

  it("requires the confirmation to match", async () => {
    open();
    await userEvent.type(screen.getByLabelText("New Password"), "Secret12!");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "Secret12?");
    await userEvent.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText(messages.passwordsMustMatch)).toBeInTheDocument();
  });

  it("sends a visitor without a verified code back to recovery", () => {
    renderScreen(<NewPasswordPage />, { path: "/new-password" });
    expect(screen.getByRole("link", { name: "Start password recovery" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });

  it("needs the reset token from /verify-code, not only the user id", () => {
    renderScreen(<NewPasswordPage />, { path: "/new-password", state: { userId: "u1" } });
    expect(screen.getByRole("link", { name: "Start password recovery" })).toBeInTheDocument();
  });
});
