import { createAccount, expect, test, uniqueEmail } from "../fixtures";
import { startPageServer } from "./page-server";

/**
 * Issue 13 §5: at a plan limit, Add Monitor says so before the form is filled — with the same words the
 * server's 402 would use — instead of offering a form whose submit would be refused.
 */
test("a Free account with its one monitor is told at Add Monitor, and no form is offered", async ({
  page,
  request,
}) => {
  const shop = await startPageServer({ price: "9.99", headline: "Limit" });
  try {
    const email = uniqueEmail("limit");
    const password = "Only-one-page-3";
    await createAccount(request, email, password);
    const login = await request.post("/api/v1/auth/login", { data: { email, password } });
    const { accessToken } = await login.json();
    const created = await request.post("/api/v1/monitors", {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { url: shop.url, name: "The one page", frequency: "1d", watch: ["text"], paused: true },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("link", { name: "My Monitors" }).first().click();

    const add = page.getByRole("link", { name: "Add monitor" });
    await expect(add).toHaveAccessibleDescription(/1 of 1 monitor on your Free plan · limit reached/);
    await add.click();
    await expect(page).toHaveURL(/\/auth\/mymonitors\/new$/);
    const notice = page.getByRole("alert");
    await expect(notice).toContainText("You use 1 of 1 monitor on your Free plan");
    await expect(notice).toContainText("Your Free plan allows 1 monitor. Upgrade to Personal to add more.");
    await expect(page.getByLabel("URL")).toHaveCount(0);

    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: test.info().outputPath(`plan-limit-${width}.png`), fullPage: true });
    }
    await notice.getByRole("link", { name: "See plans" }).click();
    await expect(page).toHaveURL(/\/auth\/settings#plan$/);
  } finally {
    await shop.close();
  }
});
