import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render";
import { AppShell } from "./app-shell";
import { adminMenu, customerMenu, isActiveEntry } from "./menus";
import { displayName } from "./profile-menu";

const user = {
  id: "u1",
  email: "jane.doe@example.com",
  firstName: "Jane",
  lastName: "Doe",
  planStatus: "active",
  planType: "Free",
  isAdmin: false,
  emailVerified: true,
  notificationPreferences: { alertMode: "immediate", digestHour: 8 },
} as const;

describe("AppShell (spec §2)", () => {
  it("lists the customer menu with Log Out", async () => {
    renderScreen(<AppShell user={user} menu={customerMenu} homePath="/auth" logoutLabel="Log Out" />, {
      path: "/auth",
    });
    // jsdom has no media queries, so the shell is in its narrow layout: the menu button opens the drawer.
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const nav = within(screen.getByRole("navigation", { name: "Main menu" }));
    const expected = [
      ["Dashboard", "/auth"],
      ["My Monitors", "/auth/mymonitors"],
      ["Notification Center", "/auth/notifications"],
      ["Reports & Analytics", "/auth/reports"],
      ["Account Settings", "/auth/settings"],
      ["Feedback", "/auth/feedback"],
      ["Support", "/auth/support"],
    ];
    for (const [label, href] of expected)
      expect(nav.getByRole("link", { name: label })).toHaveAttribute("href", href);
    expect(nav.getByRole("button", { name: "Log Out" })).toBeInTheDocument();
  });

  it("shows the unread count on Notification Center with an accessible label, none at zero", async () => {
    const counts = { "/auth/notifications": 3 };
    const { unmount } = renderScreen(
      <AppShell user={user} menu={customerMenu} counts={counts} homePath="/auth" logoutLabel="Log Out" />,
      { path: "/auth" },
    );
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const nav = within(screen.getByRole("navigation", { name: "Main menu" }));
    expect(nav.getByRole("link", { name: "Notification Center, 3 unread" })).toHaveAttribute(
      "href",
      "/auth/notifications",
    );
    expect(nav.getByText("3")).toBeInTheDocument();
    expect(nav.getByRole("link", { name: "My Monitors" })).toBeInTheDocument();
    unmount();

    renderScreen(
      <AppShell
        user={user}
        menu={customerMenu}
        counts={{ "/auth/notifications": 0 }}
        homePath="/auth"
        logoutLabel="Log Out"
      />,
      { path: "/auth" },
    );
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const emptyNav = within(screen.getByRole("navigation", { name: "Main menu" }));
    expect(emptyNav.getByRole("link", { name: "Notification Center" })).toBeInTheDocument();
    expect(emptyNav.queryByText(/unread/)).not.toBeInTheDocument();
  });

  it("shows name and email in the profile menu, items enabled for customers", async () => {
    renderScreen(<AppShell user={user} menu={customerMenu} homePath="/auth" logoutLabel="Log Out" />, {
      path: "/auth",
    });
    await userEvent.click(screen.getByRole("button", { name: "Open profile menu" }));
    const menu = within(screen.getByRole("menu"));
    expect(screen.getByText("Jane Doe")).toBeInTheDocument();
    expect(screen.getByText("jane.doe@example.com")).toBeInTheDocument();
    expect(menu.getByRole("menuitem", { name: "Account Settings" })).not.toHaveAttribute("aria-disabled");
    expect(screen.getByRole("button", { name: "Log out" })).toBeInTheDocument();
  });

  it("disables the profile menu items for an admin and shows the admin menu", async () => {
    const admin = { ...user, isAdmin: true };
    renderScreen(<AppShell user={admin} menu={adminMenu} homePath="/admin" logoutLabel="Logout" />, {
      path: "/admin",
    });
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const nav = within(screen.getByRole("navigation", { name: "Main menu" }));
    expect(nav.getByRole("link", { name: "Manage Emails" })).toHaveAttribute("href", "/admin/manage-emails");
    expect(nav.getByRole("link", { name: "Customers" })).toHaveAttribute("href", "/admin/admin-customers");
    expect(nav.getByRole("button", { name: "Logout" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await userEvent.click(await screen.findByRole("button", { name: "Open profile menu" }));
    for (const item of ["Account Settings", "Feedback", "Support"])
      expect(screen.getByRole("menuitem", { name: item })).toHaveAttribute("aria-disabled", "true");
  });

  it("falls back to the part of the email before the @ when no name is known", () => {
    expect(displayName({ firstName: "", lastName: "", email: "sam@example.com" })).toBe("sam");
    expect(displayName({ firstName: "Sam", lastName: "", email: "sam@example.com" })).toBe("Sam");
  });

  it("highlights the current tab, the blog screens counting as the admin dashboard", () => {
    const [dashboard, monitors] = customerMenu;
    expect(isActiveEntry(dashboard!, "/auth", "/auth")).toBe(true);
    expect(isActiveEntry(dashboard!, "/auth/mymonitors", "/auth")).toBe(false);
    expect(isActiveEntry(monitors!, "/auth/mymonitors/42", "/auth")).toBe(true);
    expect(isActiveEntry(adminMenu[0]!, "/admin/list-blog", "/admin")).toBe(true);
    expect(isActiveEntry(adminMenu[0]!, "/admin/create-blog", "/admin")).toBe(true);
  });
});
