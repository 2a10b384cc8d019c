import { messages } from "@changeradar/contracts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render";
import RegisterPage from "./register-page";

describe("RegisterPage", () => {
  it("has the spec's title and sub-line and defaults to the Free plan", () => {
    renderScreen(<RegisterPage />, { path: "/register" });
    expect(screen.getByRole("heading", { name: "Create your account" })).toBeInTheDocument();
    expect(screen.getByText("Start testing, no credit card required!")).toBeInTheDocument();
    expect(screen.getByText("Free plan")).toBeInTheDocument();
  });

  it("takes planType and period from the query", () => {
    renderScreen(<RegisterPage />, { path: "/register", url: "/register?planType=Pro&period=yearly" });
    expect(screen.getByText("Pro plan")).toBeInTheDocument();
    expect(screen.getByText("Billed yearly")).toBeInTheDocument();
  });

  it("falls back to Free and monthly for unknown query values", () => {
    renderScreen(<RegisterPage />, { path: "/register", url: "/register?planType=Gold&period=weekly" });
    expect(screen.getByText("Free plan")).toBeInTheDocument();
  });

  it("shows every validation message of the sign-up form", async () => {
    renderScreen(<RegisterPage />, { path: "/register" });
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText(messages.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Password"), "ab");
    await userEvent.type(screen.getByLabelText("Email"), "jane@");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText(messages.passwordMin)).toBeInTheDocument();
    expect(screen.getByText(messages.emailInvalid)).toBeInTheDocument();
  });

  it("rates the password as it is typed", async () => {
    renderScreen(<RegisterPage />, { path: "/register" });
    await userEvent.type(screen.getByLabelText("Password"), "Abcdef1!");
    expect(screen.getByTestId("password-strength")).toHaveTextContent("Strong");
  });
});
