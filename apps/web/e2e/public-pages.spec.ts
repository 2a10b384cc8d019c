import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, seriousViolations, test } from "./fixtures";

/** Every public route, the heading it must show, and a name for its screenshots. */
const publicPages = [
  { path: "/", heading: "Know the moment a web page really changes", name: "landing" },
  { path: "/login", heading: "Welcome back", name: "login" },
  { path: "/register", heading: "Create your account", name: "register" },
  { path: "/forgot-password", heading: "Forgot your password?", name: "forgot-password" },
  { path: "/verify-code", heading: "Enter verification code", name: "verify-code" },
  { path: "/new-password", heading: "Set a new password", name: "new-password" },
  { path: "/contact", heading: "Contact Us", name: "contact" },
  { path: "/contact-us", heading: "Contact Us", name: "contact-us" },
  { path: "/faq", heading: "Help Center", name: "faq" },
  { path: "/terms", heading: "Terms of Service", name: "terms" },
  { path: "/privacy", heading: "Privacy Policy", name: "privacy" },
  { path: "/no-such-page", heading: "Sorry! Page Not Found", name: "not-found" },
];

const screenshotDir = join(import.meta.dirname, "..", "screenshots");

// One test per page: the accessibility check, then a screenshot at each width from a fresh load at that width.
// (Two loads instead of three: every load in a new browser context costs about 1.5 CPU s.)
for (const { path, heading, name } of publicPages) {
  test(`${path} shows "${heading}", has no serious accessibility violations, and is screenshotted at 1440 and 375 px`, async ({
    page,
  }) => {
    mkdirSync(screenshotDir, { recursive: true });
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      if (width === 1440) expect(await seriousViolations(page)).toEqual([]);
      if (path === "/") await expect(page.getByTestId("stats")).toHaveCSS("opacity", "1");
      await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true });
    }
  });
}
