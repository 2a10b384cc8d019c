import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useAuthStore } from "../store/auth-store";
import { renderScreen } from "../test/render";
import { SessionGate } from "./session-gate";

const customer = {
  id: "u1",
  email: "jane@example.com",
  firstName: "Jane",
  lastName: "",
  planStatus: "active",
  planType: "Free",
  isAdmin: false,
  emailVerified: true,
  notificationPreferences: { alertMode: "immediate", digestHour: 8 },
} as const;

const gate = (area: "customer" | "admin") => (
  <SessionGate area={area}>{(user) => <p>inside as {user.firstName}</p>}</SessionGate>
);

afterEach(() => useAuthStore.getState().signOut());

describe("SessionGate (DECISIONS 10)", () => {
  it("waits while the session is being restored", () => {
    useAuthStore.setState({ subscriptionState: { status: null, planType: null, loading: true } });
    renderScreen(gate("customer"), { path: "/auth" });
    expect(screen.getByRole("status")).toBeInTheDocument();
  });

  it("sends a visitor from /auth to /login", async () => {
    useAuthStore.getState().signOut();
    renderScreen(gate("customer"), { path: "/auth" });
    expect(await screen.findByTestId("location")).toHaveTextContent("/login");
  });

  it("lets a customer into /auth", () => {
    useAuthStore.getState().signIn(customer, "token");
    renderScreen(gate("customer"), { path: "/auth" });
    expect(screen.getByText("inside as Jane")).toBeInTheDocument();
  });

  it("sends a customer from /admin to /auth", async () => {
    useAuthStore.getState().signIn(customer, "token");
    renderScreen(gate("admin"), { path: "/admin" });
    expect(await screen.findByTestId("location")).toHaveTextContent("/auth");
  });

  it("sends an admin from /auth to /admin and lets them into /admin", async () => {
    useAuthStore.getState().signIn({ ...customer, isAdmin: true }, "token");
    renderScreen(gate("customer"), { path: "/auth" });
    expect(await screen.findByTestId("location")).toHaveTextContent("/admin");
  });
});
