import type { BrowserContext, Page } from "@playwright/test";
import {
  expect,
  nextCode,
  seriousViolations,
  subjectsMailedTo,
  submitSignUpForm,
  test,
  uniqueEmail,
} from "../fixtures";
import { type PageServer, startPageServer } from "./page-server";

/**
 * The product's main job, end to end against the real server, a real SMTP server and a page on
 * 127.0.0.1 that changes: sign up, verify the email, add a monitor through the preview and the element
 * picker, change the page, check now, and see the change live on the dashboard, in the monitor's
 * timeline with the right diff, in the Notification Center, and in the mailbox.
 */
test.describe.configure({ mode: "serial" });

const password = "Watch-the-kettle-7";
const email = uniqueEmail("flow");
let shop: PageServer;
let context: BrowserContext;
let page: Page;
/** The monitor added by the flow, for the screens that show it. */
let monitorPath = "";

test.beforeAll(async ({ browser }) => {
  shop = await startPageServer({ price: "24.99", headline: "Spring sale starts Monday" });
  context = await browser.newContext({
    baseURL: process.env.CR_E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
  });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await shop?.close();
});

test("sign up and verify the email with the mailed code, in the same flow and staying signed in", async () => {
  await submitSignUpForm(page, { email, password, firstName: "Kim" });
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const code = await nextCode(email, "verification", 0);
  await page.keyboard.type(code);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Start by watching a page" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Verify your email" })).toBeHidden();

  // Signed in again with 'Keep me signed in', so the second tab opened later restores the session.
  await page.getByRole("button", { name: "Log Out" }).click();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: "Keep me signed in" }).check();
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("add a monitor through the live preview and the element picker, with plan-gated frequencies", async () => {
  await page.getByRole("link", { name: "Add your first monitor" }).click();
  await expect(page).toHaveURL(/\/auth\/mymonitors\/new$/);
  await page.getByLabel("URL").fill(shop.url);
  await page.getByRole("button", { name: "Preview", exact: true }).click();

  // The page is shown with its styles, without its scripts; clicking its price picks a selector for it.
  const frame = page.frameLocator('iframe[title^="Page preview"]');
  await expect(frame.locator(".price")).toHaveText("$24.99");
  await expect(frame.locator("body")).not.toHaveAttribute("data-scripts-ran", "yes");
  // Its styles are kept: its own <style>, and its linked stylesheet inlined by the server.
  await expect(frame.locator(".price")).toHaveCSS("color", "rgb(200, 30, 30)");
  await expect(frame.locator(".stock")).toHaveCSS("color", "rgb(0, 110, 60)");
  await frame.locator(".price").click();
  const selector = page.getByLabel("Element to watch (CSS selector)");
  await expect(selector).toHaveValue("p.price");
  await expect(frame.locator(".price")).toHaveClass(/cr-pick-picked/);
  await page.getByRole("tab", { name: /What we see/ }).click();
  await expect(page.getByLabel("Text excerpt")).toHaveText("$24.99");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Acme Kettle");

  // Watch the price as well as the text, so its history is charted.
  await page.getByRole("checkbox", { name: /^Price/ }).check();

  // Free checks once a day; faster options are listed, disabled, naming the plan that has them.
  await page.getByLabel("Check frequency").click();
  await expect(
    page.getByRole("option", { name: "Every 12 hours — Personal plan or higher" }),
  ).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("option", { name: "Every 15 minutes — Business plan" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await page.getByRole("option", { name: "Once a day" }).click();

  await page.getByRole("button", { name: "Start monitoring" }).click();
  await expect(page).toHaveURL(/\/auth\/mymonitors\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Acme Kettle" })).toBeVisible();
  monitorPath = new URL(page.url()).pathname;
  // The first check runs at once and becomes the baseline.
  await page.getByRole("tab", { name: "Check log" }).click();
  await expect(page.getByRole("table", { name: "Check log" }).getByRole("row")).toHaveCount(2, {
    timeout: 30_000,
  });
});

test("a second monitor on Free: Add Monitor says so, with the upgrade message, before any form", async () => {
  await page.goto("/auth/mymonitors/new");
  await expect(page.getByRole("alert").filter({ hasText: "You use 1 of 1 monitor" })).toContainText(
    "Your Free plan allows 1 monitor. Upgrade to Personal to add more.",
  );
  await expect(page.getByLabel("URL")).toHaveCount(0);
});

test("the page changes, check now, and the change shows live, in the timeline, the Notification Center and the mail", async () => {
  test.setTimeout(120_000);
  // The dashboard stays open in its own tab: it must update by itself, over Server-Sent Events.
  const dashboard = await context.newPage();
  await dashboard.goto("/auth");
  await expect(dashboard.getByRole("heading", { name: "Latest changes" })).toBeVisible();
  await expect(dashboard.getByText("No changes detected yet.")).toBeVisible();

  shop.set({ price: "19.99" });
  await page.goto("/auth/mymonitors");
  const row = page.getByRole("listitem").filter({ hasText: "Acme Kettle" });
  // A manual check is refused within 30 s of the previous one; try until the server takes it.
  await expect(async () => {
    await row.getByRole("button", { name: "Check Acme Kettle now" }).click();
    await expect(page.getByText("Checking Acme Kettle now")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000, intervals: [3_000] });

  const latest = dashboard.getByRole("list", { name: "Latest changes" });
  await expect(latest.getByText("Acme Kettle")).toBeVisible({ timeout: 30_000 });
  await expect(latest.getByText(/\$19\.99/)).toBeVisible();
  await expect(dashboard.getByRole("group", { name: "Changes, last 24 hours" })).toContainText("1");

  // The timeline, with the word-level diff: $24.99 became $19.99.
  await latest.getByRole("link").first().click();
  await expect(dashboard).toHaveURL(/\/auth\/mymonitors\/[0-9a-f-]{36}\?change=/);
  await expect(dashboard.getByRole("list", { name: "Change history" }).getByRole("listitem")).toHaveCount(1);
  const diff = dashboard.getByRole("group", { name: "Text before and after" });
  await expect(diff.locator("del")).toHaveText("24");
  await expect(diff.locator("ins")).toHaveText("19");
  await dashboard.getByRole("button", { name: "Inline" }).click();
  await expect(dashboard.getByRole("group", { name: "Text changes" })).toContainText("$2419.99");

  // The Notification Center lists the alert, delivered to the verified account email.
  await dashboard.getByRole("link", { name: "Notification Center" }).click();
  const alert = dashboard.getByRole("listitem", { name: /Unread: Acme Kettle changed/ });
  // Delivery runs in the background: reload until the account email's delivery reads Delivered.
  await expect(async () => {
    await dashboard.reload();
    await expect(alert.getByRole("list", { name: "Deliveries" }).getByText("Delivered")).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await dashboard.getByRole("button", { name: "Mark all read" }).click();
  await expect(dashboard.getByText("0 unread")).toBeVisible();

  // And the mail arrived.
  await expect
    .poll(async () => (await subjectsMailedTo(email)).find((s) => s.startsWith("Acme Kettle:")), {
      timeout: 15_000,
    })
    .toContain("19.99");
  await dashboard.close();
});

test("rating the change as noise adds the ignore rules the user confirms", async () => {
  await page.goto("/auth/mymonitors");
  await page.getByRole("link", { name: "Acme Kettle", exact: true }).click();
  await page.getByRole("button", { name: "Noise", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Ignore changes like this?" });
  const proposed = dialog.getByRole("checkbox", { name: "$19.99" });
  await expect(proposed).toBeChecked();
  await dialog.getByRole("button", { name: "Add 1 ignore rule" }).click();
  await expect(page.getByText("Marked as noise; 1 ignore rule added to the monitor.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Noise", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("link", { name: "Edit Acme Kettle" }).click();
  await expect(page.getByRole("combobox", { name: "Ignore rules" }).locator("..")).toContainText("$19.99");
});

test("the price chart: current, lowest and highest, the currency once, dates and times, the value on hover", async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${monitorPath}?tab=prices`);
  for (const [label, amount] of [
    ["Current", "19.99"],
    ["Lowest", "19.99"],
    ["Highest", "24.99"],
  ]) {
    await expect(page.getByRole("group", { name: label })).toContainText(amount);
  }
  await expect(page.getByText("Prices in US Dollar (USD)")).toBeVisible();
  const chart = page.getByRole("img", { name: /^Price history, 2 points/ });
  await expect(chart).toContainText(/\d{2} \w{3}\d{2}:\d{2}:\d{2}/); // a tick: the day, then the time (to the second: the points are seconds apart)
  await expect(chart).not.toContainText("USD");

  // Hovering the latest point shows its moment and value.
  const box = (await chart.locator(".recharts-surface").boundingBox())!;
  await page.mouse.move(box.x + box.width - 30, box.y + box.height / 2);
  const tooltip = page.locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toContainText(/\d{2} \w{3} \d{4} \d{2}:\d{2}/);
  await expect(tooltip).toContainText("Price : 19.99");

  await page.getByRole("button", { name: "Show the prices as a table" }).click();
  const rows = page.getByRole("table", { name: "Price history" }).getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("19.99");
  await expect(rows.nth(2)).toContainText("24.99");
});

/**
 * Serious or critical axe violations, leaving out the element picker's frame: it shows the watched
 * site's own page (not ours), and axe cannot run inside a frame whose scripts are disabled.
 */
const seriousViolationsOfOurPage = () => seriousViolations(page, 'iframe[title^="Page preview"]');

/** Every customer screen, filled with the data above, at a phone's and a wide desktop's width. */
function screens(monitorPath: string): [string, string][] {
  return [
    ["dashboard", "/auth"],
    ["my-monitors", "/auth/mymonitors"],
    ["add-monitor", "/auth/mymonitors/new"],
    ["monitor-history", monitorPath],
    ["monitor-prices", `${monitorPath}?tab=prices`],
    ["monitor-checks", `${monitorPath}?tab=checks`],
    ["edit-monitor", `${monitorPath}/edit`],
    ["notifications", "/auth/notifications"],
    ["channels", "/auth/notifications#channels"],
    ["reports", "/auth/reports"],
    ["settings", "/auth/settings"],
    ["feedback", "/auth/feedback"],
    ["support", "/auth/support"],
    ["account", "/auth/account?planType=Pro&period=yearly"],
  ];
}

const screenNames = screens("").map(([name]) => name);
for (const width of [375, 1440]) {
  for (const name of screenNames) {
    test(`${name} at ${width} px, without serious accessibility violations`, async () => {
      test.setTimeout(120_000);
      const path = new Map(screens(monitorPath)).get(name)!;
      await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Loading spinners and skeletons gone (recharts' tooltip also has role=status, so they are matched by class).
      await expect(page.locator(".MuiSkeleton-root, .MuiCircularProgress-root")).toHaveCount(0, {
        timeout: 15_000,
      });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
      expect(await seriousViolationsOfOurPage()).toEqual([]);
      // Nothing may stick out sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "scrolls sideways").toBeLessThanOrEqual(0);
    });
  }
}

test("keyboard use: menu, adding a monitor and the profile menu without a mouse", async () => {
  test.setTimeout(120_000);
  // The Free plan's one monitor is in use, and Add Monitor would say so instead of showing its form: free it.
  const login = await context.request.post("/api/v1/auth/login", { data: { email, password } });
  const { accessToken } = await login.json();
  const removed = await context.request.delete(
    `/api/v1${monitorPath.replace("/auth/mymonitors", "/monitors")}`,
    {
      headers: { authorization: `Bearer ${accessToken}` },
    },
  );
  expect(removed.status(), await removed.text()).toBeLessThan(300);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/auth");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const focusOn = async (name: string | RegExp) => {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const label = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        return `${active?.getAttribute("aria-label") ?? ""} ${active?.textContent ?? ""}`.trim();
      });
      if (typeof name === "string" ? label.toLowerCase().includes(name.toLowerCase()) : name.test(label))
        return;
    }
    throw new Error(`Tab never reached ${name}`);
  };
  await focusOn("My Monitors");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/auth\/mymonitors$/);
  // The list's screen loads after the address changes: tabbing earlier walks the menu alone.
  await expect(page.getByRole("link", { name: "Add monitor" })).toBeVisible();
  await focusOn("Add Monitor");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/auth\/mymonitors\/new$/);
  // The address field has the focus; Enter fetches the preview, and the selector is typed, not clicked.
  await expect(page.getByLabel("URL")).toBeFocused();
  await page.keyboard.type(shop.url);
  await page.keyboard.press("Enter");
  await expect(page.frameLocator('iframe[title^="Page preview"]').locator(".price")).toBeVisible();
  await page.getByLabel("Element to watch (CSS selector)").focus();
  await page.keyboard.type("#buy-box > p.stock");
  await expect(page.frameLocator('iframe[title^="Page preview"]').locator(".stock")).toHaveClass(
    /cr-pick-picked/,
  );

  await page.getByRole("button", { name: "Open profile menu" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Account Settings" })).toBeVisible();
  // Arrow keys walk the menu's items.
  const feedback = page.getByRole("menuitem", { name: "Feedback" });
  await expect(async () => {
    await page.keyboard.press("ArrowDown");
    await expect(feedback).toBeFocused({ timeout: 200 });
  }).toPass({ timeout: 5_000 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/auth\/feedback$/);
});
