import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

function countVisits(page: Page) {
  const visits: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/v1/auth/record-visitor")) visits.push(r.url());
  });
  return visits;
}

const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });

test("Essential Only hides the banner for good and counts no visit", async ({ page }) => {
  const visits = countVisits(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Essential Only" }).click();
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("essential");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(banner(page)).toBeHidden();
  expect(visits).toEqual([]);
});

test("Accept All counts one visit per session, fires the consent event and survives a reload", async ({
  page,
}) => {
  const visits = countVisits(page);
  await page.goto("/");
  await page.evaluate(() => {
    window.addEventListener("cookie-consent-changed", (e) => {
      (window as unknown as { consent: unknown }).consent = (e as CustomEvent).detail;
    });
  });
  const recorded = page.waitForResponse((r) => r.url().endsWith("/api/v1/auth/record-visitor"));
  await page.getByRole("button", { name: "Accept All Cookies" }).click();
  expect((await recorded).ok()).toBe(true);
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { consent: unknown }).consent)).toBe("all");
  expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("all");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(banner(page)).toBeHidden();
  expect(visits).toHaveLength(1);
});

test("a new browser session with 'all' stored starts analytics on load", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL!, localStorage: [{ name: "cookieConsent", value: "all" }] }],
    },
  });
  const page = await context.newPage();
  const recorded = page.waitForResponse((r) => r.url().endsWith("/api/v1/auth/record-visitor"));
  await page.goto("/");
  expect((await recorded).ok()).toBe(true);
  await expect(banner(page)).toBeHidden();
  await context.close();
});

test("top bar links scroll to their sections and the stats fade in", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("stats")).toHaveCSS("opacity", "1");
  for (const [link, heading] of [
    ["Pricing", "Simple, transparent pricing"],
    ["Testimonials", "Loved by teams who watch the web"],
    ["About", "About ChangeRadar"],
    ["Features", "Everything you need to track the web"],
  ]) {
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: link }).click();
    await expect(page.getByRole("heading", { name: heading })).toBeInViewport();
  }
  await page.getByRole("banner").getByRole("link", { name: "Start Free", exact: true }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test("Watch Demo walks through a real change: before/after, diff, alert", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Watch Demo" }).click();
  const dialog = page.getByRole("dialog", { name: "How ChangeRadar catches a change" });
  await expect(dialog.getByText("Before · checked Mon 08:00")).toBeVisible();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Ignored: rotating banner")).toBeVisible();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(
    dialog.getByText("Price dropped from $129.00 to $99.00, and the item is back in stock."),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("pricing hands the chosen plan and period to register", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Essential Only" }).click();
  await page.getByRole("switch", { name: "Bill annually" }).click();
  await page.getByRole("link", { name: "Start Business Trial" }).click();
  await expect(page).toHaveURL(/\/register\?planType=Business&period=monthly$/);
  await expect(page.getByText("Business plan")).toBeVisible();
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the mobile menu has the section links, Sign In and Start Free", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Essential Only" }).click();
    await expect(page.getByRole("navigation", { name: "Sections" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile menu" });
    for (const link of ["Features", "Pricing", "Testimonials", "About", "Sign In", "Start Free"])
      await expect(menu.getByRole("link", { name: link })).toBeVisible();
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { name: "Simple, transparent pricing" })).toBeInViewport();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .getByRole("navigation", { name: "Mobile menu" })
      .getByRole("link", { name: "Start Free" })
      .click();
    await expect(page).toHaveURL(/\/register\?planType=Free$/);
  });
});
