import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Link, matchRoutes, Outlet, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { defaultTitle, titleFor, useRouteTitle } from "./page-title";
import { routes } from "./router";

const titleOf = (path: string) =>
  titleFor((matchRoutes(routes, path) ?? []).map((match) => ({ handle: match.route.handle })));

describe("page titles (one per page, declared on the routes)", () => {
  it("names each page after the spec (customer, public, admin), the landing page keeping the default", () => {
    const expected: [string, string][] = [
      ["/auth", "Dashboard · ChangeRadar"],
      ["/auth/mymonitors", "My Monitors · ChangeRadar"],
      ["/auth/mymonitors/new", "Add Monitor · ChangeRadar"],
      ["/auth/mymonitors/m1", "Monitor · ChangeRadar"],
      ["/auth/mymonitors/m1/edit", "Edit Monitor · ChangeRadar"],
      ["/auth/notifications", "Notification Center · ChangeRadar"],
      ["/auth/reports", "Reports & Analytics · ChangeRadar"],
      ["/auth/settings", "Account Settings · ChangeRadar"],
      ["/auth/feedback", "Feedback · ChangeRadar"],
      ["/auth/support", "Support · ChangeRadar"],
      ["/", defaultTitle],
      ["/login", "Sign In · ChangeRadar"],
      ["/faq", "Help Center · ChangeRadar"],
      ["/contact-us", "Contact · ChangeRadar"],
      ["/no-such-page", "Page Not Found · ChangeRadar"],
      ["/admin", "Admin Dashboard · ChangeRadar"],
      ["/admin/admin-customers/c1", "Customer · ChangeRadar"],
    ];
    for (const [path, title] of expected) expect([path, titleOf(path)]).toEqual([path, title]);
  });

  it("gives every page route a title of its own, except the landing page and redirects", () => {
    const untitled: string[] = [];
    const walk = (list: typeof routes, prefix: string) => {
      for (const route of list) {
        const path = route.index ? prefix : [prefix, route.path].filter(Boolean).join("/");
        // "/auth/*" and "/admin/*" only redirect to their area's home.
        const redirect = route.path === "*" && path !== "*";
        if (route.children) walk(route.children, path);
        else if (!route.handle && path !== "/" && !redirect) untitled.push(path);
      }
    };
    walk(routes, "");
    expect(untitled).toEqual([]);
  });

  it("updates document.title as the user navigates", async () => {
    function Root() {
      useRouteTitle();
      return <Outlet />;
    }
    const router = createMemoryRouter([
      {
        element: <Root />,
        children: [
          { path: "/", element: <Link to="/faq">Help</Link> },
          { path: "/faq", handle: { title: "Help Center" }, element: <p>FAQ</p> },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(document.title).toBe(defaultTitle);
    await userEvent.click(screen.getByRole("link", { name: "Help" }));
    expect(await screen.findByText("FAQ")).toBeInTheDocument();
    expect(document.title).toBe("Help Center · ChangeRadar");
  });
});
