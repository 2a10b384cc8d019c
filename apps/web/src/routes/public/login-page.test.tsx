import { messages } from "@changeradar/contracts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render";
import LoginPage from "./login-page";

describe("LoginPage", () => {
  it("greets with 'Welcome back' and shows every spec element", () => {
    renderScreen(<LoginPage />, { path: "/login" });
    expect(screen.getByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Keep me signed in" })).not.toBeChecked();
    expect(screen.getByRole("link", { name: "Forgot Password?" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/register");
  });

  it("says 'See you again!' to a user who arrived from an /auth page", () => {
    renderScreen(<LoginPage />, { path: "/login", state: { from: "/auth/mymonitors" } });
    expect(screen.getByRole("heading", { name: "See you again!" })).toBeInTheDocument();
  });

  it("shows the spec's validation messages under the fields", async () => {
    renderScreen(<LoginPage />, { path: "/login" });
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.loginPasswordRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Email"), "not-an-email");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
  });

  it("toggles the password between hidden and visible", async () => {
    renderScreen(<LoginPage />, { path: "/login" });
    const password = screen.getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await userEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("shows the message a finished recovery passes along", () => {
    renderScreen(<LoginPage />, { path: "/login", state: { message: messages.passwordUpdatedLogin } });
    expect(screen.getByText("Password updated successfully! Please login.")).toBeInTheDocument();
  });
});
