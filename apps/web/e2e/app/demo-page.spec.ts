import type { Page } from "@playwright/test";
import { expect, nextCode, seriousViolations, submitSignUpForm, test, uniqueEmail } from "../fixtures";
import { addChannelFromChecklist } from "./checklist-steps";

/**
 * Issue 13 §5, "try it": from sign-up to the first change without leaving the app. The demo page is one
 * ChangeRadar serves itself; "Change the demo page" changes it and checks it at once.
 */
const checklist = (page: Page) => page.getByRole("region", { name: "Getting started" });

async function shoot(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("sign up, verify, try the demo, change it: the change is in the history and the checklist is done", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("demo");
  await submitSignUpForm(page, { email, password: "Demo-page-first-7", firstName: "Iris" });
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.getByLabel("Digit 1").click();
  await page.keyboard.type(await nextCode(email, "verification", 0));
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page).toHaveTitle("Dashboard · ChangeRadar");
  await expect(checklist(page).getByText("1 of 4 done")).toBeVisible();

  await checklist(page).getByRole("button", { name: "Try it on a demo page" }).click();
  await expect(page.getByText("Your demo page is being watched.")).toBeVisible();
  await expect(checklist(page).getByText("2 of 4 done")).toBeVisible();
  // Trying the demo leaves the Free plan's one monitor free.
  await expect(page.getByText("0 / 1")).toBeVisible();
  await expect(checklist(page).getByRole("button", { name: "Change the demo page" })).toBeVisible();
  await shoot(page, "demo-tried");
  expect(await seriousViolations(page)).toEqual([]);

  // A channel, inside the app.
  await addChannelFromChecklist(page);
  await expect(checklist(page).getByText("3 of 4 done")).toBeVisible();

  // One press is enough, even while the demo's first check may still be running: the change waits for it.
  await checklist(page).getByRole("button", { name: "Change the demo page" }).click();
  await expect(page.getByText("The price went from $49.00 to $45.00. Checking the page now…")).toBeVisible({
    timeout: 20_000,
  });

  // The check's live event refreshes the dashboard: the first change completes the checklist.
  const latest = page.getByRole("list", { name: "Latest changes" });
  await expect(latest.getByText("Demo: Aurora Desk Lamp")).toBeVisible({ timeout: 30_000 });
  await expect(checklist(page)).toHaveCount(0);
  // The alert reached the Notification Center: its unread count shows in the side menu, without a reload.
  await expect(page.getByRole("link", { name: "Notification Center, 1 unread" })).toBeVisible({
    timeout: 15_000,
  });
  await shoot(page, "demo-changed");

  // The change in the monitor's history.
  await latest.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/auth\/mymonitors\/[0-9a-f-]{36}\?change=/);
  await expect(page).toHaveTitle("Monitor · ChangeRadar");
  const history = page.getByRole("list", { name: "Change history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("45.00");
  await shoot(page, "demo-history");
});
