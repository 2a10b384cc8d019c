import { expect, test, uniqueEmail } from "../fixtures";
import { customerOnPlan } from "../support/customer-on-plan";
import { monitorWithPriceChange } from "../support/price-change";
import { type PageServer, startPageServer } from "./page-server";

/**
 * Sharing (issue 13 §4), in Chromium against the real server: a real change is shared from its detail with
 * an expiry, and the link opened in a fresh browser context (nobody signed in) shows the change and nothing
 * about the account; turned off, the link says so.
 */
let shop: PageServer;

test.beforeAll(async () => {
  shop = await startPageServer({ price: "24.99", headline: "Spring sale starts Monday" });
});
test.afterAll(async () => shop?.close());

test("a share link opened in a fresh browser context shows the change and nothing else", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("share");
  const password = "Share-the-change-8";
  const owner = await browser.newContext({ baseURL: process.env.CR_E2E_BASE_URL });
  const page = await owner.newPage();
  await customerOnPlan(owner.request, page, email, password, "Pro");
  const login = await owner.request.post("/api/v1/auth/login", { data: { email, password } });
  const auth = { authorization: `Bearer ${(await login.json()).accessToken}` };

  const { monitorId, change } = await monitorWithPriceChange(
    owner.request,
    auth,
    shop,
    "Kim's private kettle watch",
    "19.99",
  );

  await page.goto(`/auth/mymonitors/${monitorId}?change=${change.id}`);
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this change" });
  await dialog.getByLabel("Link expires after").click();
  await page.getByRole("option", { name: "1 day" }).click();
  await dialog.getByRole("button", { name: "Create link" }).click();
  const field = dialog.getByRole("textbox", { name: "Share link" });
  await expect(field).toHaveValue(/\/share\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{32}$/);
  const link = await field.inputValue();

  const stranger = await browser.newContext();
  const shared = await stranger.newPage();
  const response = await shared.goto(link);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(shared.getByRole("heading", { level: 1, name: change.summary })).toBeVisible();
  await expect(shared.getByText("$19.99").first()).toBeVisible();
  await expect(shared.getByRole("link", { name: shop.url })).toBeVisible();
  await expect(shared.locator('meta[name="robots"]').first()).toHaveAttribute("content", "noindex, nofollow");
  const text = await shared.locator("body").innerText();
  expect(text).not.toContain("Kim's private kettle watch");
  expect(text).not.toContain(email);
  expect(text).not.toMatch(/My Monitors|Dashboard|Log Out|Account Settings/);
  await shared.screenshot({ path: test.info().outputPath("shared-change.png"), fullPage: true });

  await dialog.getByRole("button", { name: "Turn off link" }).click();
  await expect(dialog.getByRole("textbox", { name: "Share link" })).toHaveCount(0);
  await shared.reload();
  await expect(shared.getByText("This link has expired or was turned off.")).toBeVisible();
  await stranger.close();
  await owner.close();
});
