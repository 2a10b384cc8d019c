import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expect, seriousViolations, test, uniqueEmail } from "./fixtures";
import { adminAccessToken, adminEmail, adminPassword } from "./support/admin-session";

/**
 * The admin area's must-show, against the real server and the real SMTP capture: the dashboard's figures
 * match the API, a plan change unlocks hourly checks for the customer, a support reply reaches their
 * Support screen and mailbox, and a published post shows at /blog, in the RSS feed and from the footer.
 */
test.describe.configure({ mode: "serial" });

const customerPassword = "Customer-area-e2e-9";
const customerEmail = uniqueEmail("admin-customer");
const subject = "Hourly checks please";
const replyText = "Done: you are on Pro now, hourly checks are unlocked.";
const postTitle = `Watching prices without noise ${Date.now()}`;
let admin: BrowserContext;
let adminPage: Page;
let customer: BrowserContext;
let customerPage: Page;
let adminToken = "";

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: "Keep me signed in" }).check();
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function signUp(request: APIRequestContext, email: string, password: string) {
  return request.post("/api/v1/users/new-merchant", {
    data: { email, password, firstName: "Sam", lastName: "Admin", planType: "Free", period: "monthly" },
  });
}

test.beforeAll(async ({ browser, request }) => {
  adminToken = await adminAccessToken(request);
  expect((await signUp(request, customerEmail, customerPassword)).status()).toBe(200);

  const options = { baseURL: process.env.CR_E2E_BASE_URL, viewport: { width: 1440, height: 900 } };
  admin = await browser.newContext(options);
  customer = await browser.newContext(options);
  adminPage = await admin.newPage();
  customerPage = await customer.newPage();
});

test.afterAll(async () => {
  await admin?.close();
  await customer?.close();
});

test("the admin signs in and the dashboard's figures match the database", async ({ request }) => {
  await signIn(adminPage, adminEmail, adminPassword);
  await expect(adminPage).toHaveURL(/\/admin$/);
  await expect(adminPage.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  const figure = (label: string) =>
    adminPage.getByRole("group", { name: label, exact: true }).locator("p").nth(1);
  // Other tests sign up and alert at the same time: the screen and the API are read until they agree.
  await expect(async () => {
    const figures = await (
      await request.get("/api/v1/admin/dashboard", { headers: { authorization: `Bearer ${adminToken}` } })
    ).json();
    await adminPage.reload();
    const shown = { timeout: 5_000 };
    await expect(figure("Users")).toHaveText(String(figures.users.total), shown);
    await expect(figure("Active monitors")).toHaveText(String(figures.monitors.active), shown);
    await expect(figure("Outbox depth")).toHaveText(String(figures.outbox.pending), shown);
    await expect(figure("Recurring revenue")).toHaveText(
      `$${figures.revenue.monthlyUsd.toLocaleString("en-US")}/mo`,
      shown,
    );
    expect(figures.users.total).toBeGreaterThanOrEqual(2);
  }).toPass({ timeout: 60_000 });
});

test("the customer asks for help, still on Free: hourly checks are not offered", async () => {
  await signIn(customerPage, customerEmail, customerPassword);
  await expect(customerPage.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await customerPage.goto("/auth/support");
  await customerPage.getByLabel("Subject").fill(subject);
  await customerPage.getByLabel("Message").fill("Can I get hourly checks");
  await customerPage.getByRole("button", { name: "Send request" }).click();
  await expect(customerPage.getByRole("list", { name: "Earlier requests" })).toContainText(subject);
  await customerPage.goto("/auth/mymonitors/new");
  await customerPage.getByLabel("Check frequency").click();
  await expect(customerPage.getByRole("option", { name: /^Every 1 hour/ })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await customerPage.keyboard.press("Escape");
});

test("the admin changes the customer's plan to Pro and answers the request", async () => {
  await adminPage.goto("/admin/admin-customers");
  await adminPage.getByLabel("Search by email or name").fill(customerEmail);
  // The search's answer replaces the list: a click on the row the list showed before it may land on the
  // loading rows that come between, and go nowhere.
  await expect(adminPage.getByText("1–1 of 1")).toBeVisible();
  await adminPage.getByRole("link", { name: customerEmail }).click();
  await expect(adminPage.getByRole("heading", { level: 1, name: customerEmail })).toBeVisible();
  await adminPage.getByLabel("Plan", { exact: true }).click();
  await adminPage.getByRole("option", { name: "Pro" }).click();
  await adminPage.getByRole("button", { name: "Change plan" }).click();
  await expect(adminPage.getByText(`${customerEmail} is now on the Pro plan (active).`)).toBeVisible();
  await expect(adminPage.getByText("Limits in force:")).toContainText("Pro");

  const request = adminPage.getByRole("article", { name: `Support request: ${subject}` });
  await request.getByLabel("Your reply").fill(replyText);
  await request.getByRole("button", { name: "Send reply" }).click();
  await expect(request.getByRole("list", { name: "Replies" })).toContainText(replyText);
});

test("after a refresh the customer can pick hourly checks and reads the reply on Support and in the mailbox", async () => {
  await customerPage.goto("/auth/mymonitors/new");
  await customerPage.reload();
  await customerPage.getByLabel("Check frequency").click();
  const hourly = customerPage.getByRole("option", { name: "Every 1 hour", exact: true });
  await expect(hourly).not.toHaveAttribute("aria-disabled", "true");
  await hourly.click();
  await expect(customerPage.getByRole("combobox", { name: /Check frequency/ })).toHaveText("Every 1 hour");

  await customerPage.goto("/auth/support");
  await expect(customerPage.getByRole("list", { name: "Replies" })).toContainText(replyText);
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${process.env.CR_E2E_MAILBOX_URL}/mails`)).json()) as Array<{
        to: string[];
        subject: string;
        text: string;
      }>;
      return (
        mails.find((m) => m.to.includes(customerEmail.toLowerCase()) && m.subject === `Re: ${subject}`)
          ?.text ?? ""
      );
    })
    .toContain(replyText);
});

test("a published post appears at /blog, in the RSS feed and through the footer", async ({ request }) => {
  await adminPage.goto("/admin/create-blog");
  await adminPage.getByLabel("Title").fill(postTitle);
  await adminPage.getByLabel("Excerpt").fill("How to follow a price and ignore the rest.");
  await adminPage
    .getByLabel("Markdown")
    .fill("## Why\n\nPrices move. **Noise** should not.\n\n<script>alert(1)</script>");
  await expect(adminPage.getByRole("region", { name: "Preview" }).locator("strong")).toHaveText("Noise");
  await adminPage.getByRole("button", { name: "Publish" }).click();
  await expect(adminPage).toHaveURL(/\/admin\/edit-blog\/[0-9a-f-]{36}$/);
  await expect(adminPage.getByText("Published", { exact: true })).toBeVisible();

  await customerPage.goto("/");
  const footerBlog = customerPage.getByRole("contentinfo").getByRole("link", { name: "Blog" });
  await footerBlog.scrollIntoViewIfNeeded();
  await footerBlog.click();
  await expect(customerPage).toHaveURL(/\/blog$/);
  await customerPage.getByRole("link", { name: new RegExp(postTitle) }).click();
  await expect(customerPage.getByRole("heading", { level: 1, name: postTitle })).toBeVisible();
  await expect(customerPage.locator(".blog-body strong")).toHaveText("Noise");
  expect(await customerPage.locator(".blog-body script").count()).toBe(0);

  const slugPath = new URL(customerPage.url()).pathname;
  const html = await (await request.get(slugPath)).text();
  expect(html).toContain(`<meta property="og:title" content="${postTitle} · ChangeRadar Blog" />`);
  expect(html).toContain('rel="alternate" type="application/rss+xml"');
  const rss = await (await request.get("/api/v1/blog/rss.xml")).text();
  expect(rss).toContain(`<title>${postTitle}</title>`);
  expect(rss).toContain(`${slugPath}</link>`);
});

const screens: [string, string, Page | "admin" | "customer"][] = [
  ["admin-dashboard", "/admin", "admin"],
  ["admin-customers", "/admin/admin-customers", "admin"],
  ["admin-audit-log", "/admin/audit-log", "admin"],
  ["admin-mail-log", "/admin/manage-emails", "admin"],
  ["admin-templates", "/admin/manage-emails?tab=templates&template=support-reply", "admin"],
  ["admin-blog-list", "/admin/list-blog", "admin"],
  ["admin-blog-create", "/admin/create-blog", "admin"],
  ["blog", "/blog", "customer"],
  ["support-with-reply", "/auth/support", "customer"],
];
for (const width of [375, 1440]) {
  for (const [name, path, who] of screens) {
    test(`${name} at ${width} px, without serious accessibility violations`, async () => {
      test.setTimeout(90_000);
      const page = who === "admin" ? adminPage : customerPage;
      await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(".MuiSkeleton-root, .MuiCircularProgress-root")).toHaveCount(0, {
        timeout: 15_000,
      });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
      expect(await seriousViolations(page, "iframe")).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "scrolls sideways").toBeLessThanOrEqual(0);
    });
  }
}
