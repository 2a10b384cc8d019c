import type { Page } from "@playwright/test";
import { expect, uniqueEmail } from "../fixtures";

/** The checklist's channel step: "Add a channel" → an email channel in the Notification Center → back. */
export async function addChannelFromChecklist(page: Page) {
  await page
    .getByRole("region", { name: "Getting started" })
    .getByRole("link", { name: "Add a channel" })
    .click();
  await expect(page).toHaveURL(/\/auth\/notifications#channels$/);
  await page.getByRole("button", { name: "Add channel" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an alert channel" });
  await dialog.getByLabel("Name").fill("Team inbox");
  await dialog.getByLabel("Email address").fill(uniqueEmail("team"));
  await dialog.getByRole("button", { name: "Add channel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("link", { name: "Dashboard" }).first().click();
}
