import { messages } from "@changeradar/contracts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useAuthStore } from "../../store/auth-store";
import { renderScreen } from "../../test/render";
import { PaymentNotice, shouldShowPaymentNotice } from "./payment-notice";

const user = {
  id: "u1",
  email: "jane@example.com",
  firstName: "Jane",
  lastName: "",
  planStatus: "incomplete",
  planType: "Pro",
  isAdmin: false,
  emailVerified: true,
  notificationPreferences: { alertMode: "immediate", digestHour: 8 },
} as const;

afterEach(() => useAuthStore.getState().signOut());

describe("Payment Required notice (spec §4)", () => {
  const base = { status: "incomplete", isAdmin: false, loading: false, dismissed: false };

  it("shows only for an incomplete, non-admin, loaded, undismissed state", () => {
    expect(shouldShowPaymentNotice(base)).toBe(true);
    expect(shouldShowPaymentNotice({ ...base, status: "active" })).toBe(false);
    expect(shouldShowPaymentNotice({ ...base, isAdmin: true })).toBe(false);
    expect(shouldShowPaymentNotice({ ...base, loading: true })).toBe(false);
    expect(shouldShowPaymentNotice({ ...base, dismissed: true })).toBe(false);
  });

  it("tells the user about the Free plan limits and stays hidden once closed", async () => {
    useAuthStore.getState().signIn(user, "token");
    renderScreen(<PaymentNotice />);
    expect(await screen.findByText(messages.paymentRequiredTitle)).toBeInTheDocument();
    expect(screen.getByText(/Free plan limits/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByText(messages.paymentRequiredTitle)).not.toBeInTheDocument();
  });

  it("never shows for an admin", () => {
    useAuthStore.getState().signIn({ ...user, isAdmin: true }, "token");
    renderScreen(<PaymentNotice />);
    expect(screen.queryByText(messages.paymentRequiredTitle)).not.toBeInTheDocument();
  });
});
