import { expect, test } from "./fixtures";

test("the FAQ filters by question or answer, case-insensitively, and clears", async ({ page }) => {
  await page.goto("/faq");
  const questions = page.locator("main h2").filter({ hasNotText: "Still need help?" });
  await expect(questions).toHaveCount(10);
  await page.getByLabel("Search questions").fill("WEBHOOK");
  await expect(questions).toHaveText(["How will I be notified of a change?", "Do you offer an API?"]);
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(questions).toHaveCount(10);
  await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", /^mailto:/);
});

test("an unknown path shows the not-found page with a link home", async ({ page }) => {
  await page.goto("/this/does/not/exist");
  await expect(page.getByRole("heading", { name: "Sorry! Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a contact message is thanked, the form reset and the visitor taken home", async ({ page }) => {
  await page.goto("/contact-us");
  await page.getByLabel("Name").fill("Alex Visitor");
  await page.getByLabel("Email").fill("alex@example.test");
  await page
    .getByLabel("Message")
    .fill("Please tell me whether ChangeRadar can watch a PDF price list every hour. Thanks!");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByText("Thank you for contacting us! We will get back to you within one business day."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("the footer links lead to help, contact, privacy and terms", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Essential Only" }).click();
  const footer = page.getByRole("contentinfo");
  for (const [link, heading] of [
    ["Help Center", "Help Center"],
    ["Contact", "Contact Us"],
    ["Privacy", "Privacy Policy"],
    ["Terms", "Terms of Service"],
  ]) {
    await footer.getByRole("link", { name: link, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await page.goBack();
  }
});
