import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { createAccount, expect, subjectsMailedTo, submitSignUpForm, test, uniqueEmail } from "./fixtures";

const password = "Trail-Runner-42";

const signUp = (page: Page, url: string, email: string) =>
  submitSignUpForm(page, { email, password, firstName: "Ann" }, url);

async function signIn(page: Page, email: string, secret: string, keep = false) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(secret);
  if (keep) await page.getByRole("checkbox", { name: "Keep me signed in" }).check();
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** A new account, signed in through the form and shown its dashboard. */
async function signedInNewUser(page: Page, request: APIRequestContext, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await createAccount(request, email, password);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/auth$/);
  return email;
}

/** What survives closing the browser: everything but session cookies. */
async function stateAfterBrowserRestart(context: BrowserContext) {
  const state = await context.storageState();
  return { ...state, cookies: state.cookies.filter((c) => c.expires !== -1) };
}

test("signing up for Free asks for the mailed code, and 'Verify later' lands on the dashboard", async ({
  page,
}) => {
  await signUp(page, "/register", uniqueEmail("free"));
  await expect(page.getByText("Signup successful!!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.getByRole("button", { name: "Verify later" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Payment Required", { exact: true })).toBeHidden();
});

test("signing up for a paid plan lands on the account page with the plan and the payment notice", async ({
  page,
}) => {
  await signUp(page, "/register?planType=Pro&period=yearly", uniqueEmail("pro"));
  await page.getByRole("button", { name: "Verify later" }).click();
  await expect(page).toHaveURL(/\/auth\/account\?planType=Pro&period=yearly$/);
  await expect(page.getByRole("heading", { name: "Pro plan, billed yearly" })).toBeVisible();
  await expect(page.getByText("$228 billed yearly")).toBeVisible();
  await expect(page.getByText("Payment Required", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page.getByText("Payment Required", { exact: true })).toBeHidden();
});

// Issue 12: sign-up must not tell a stranger which addresses have accounts; the owner is mailed instead.
test("signing up with a taken email answers as for a new one and mails the address's owner", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("taken");
  await createAccount(request, email, password);
  await signUp(page, "/register", email);
  await expect(page.getByText("Signup successful!!")).toBeVisible();
  await expect(page.getByText("Signup Failed!!")).toBeHidden();
  await expect
    .poll(() => subjectsMailedTo(email), { message: `the warning mailed to ${email}`, timeout: 15_000 })
    .toContain("Someone tried to sign up to ChangeRadar with your address");
});

test("a wrong password is answered in the form's banner", async ({ page, request }) => {
  const email = uniqueEmail("wrong");
  await createAccount(request, email, password);
  await signIn(page, email, "not-the-password");
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("the customer area needs a signed-in user", async ({ page }) => {
  await page.goto("/auth/mymonitors");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "See you again!" })).toBeVisible();
});

test("a new tab (an alert email's link) reaches the session without a new login, until logout", async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request, "newtab");
  const tab = await page.context().newPage();
  await tab.goto("/auth/mymonitors");
  await expect(tab.getByRole("heading", { level: 1, name: "My Monitors" })).toBeVisible();
  await tab.close();

  await page.getByRole("button", { name: "Open profile menu" }).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const afterLogout = await page.context().newPage();
  await afterLogout.goto("/auth/mymonitors");
  await expect(afterLogout).toHaveURL(/\/login$/);
});

test("Keep me signed in survives a browser restart; without it the session ends", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const kept = uniqueEmail("kept");
  const notKept = uniqueEmail("notkept");
  await createAccount(request, kept, password);
  await createAccount(request, notKept, password);

  for (const [email, keep] of [
    [kept, true],
    [notKept, false],
  ] as const) {
    const first = await browser.newContext({ baseURL });
    const page = await first.newPage();
    await signIn(page, email, password, keep);
    await expect(page).toHaveURL(/\/auth$/);
    // A reload within the same browser session keeps the user signed in either way.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const state = await stateAfterBrowserRestart(first);
    await first.close();

    const restarted = await browser.newContext({ baseURL, storageState: state });
    const again = await restarted.newPage();
    await again.goto("/auth");
    if (keep) await expect(again.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    else await expect(again).toHaveURL(/\/login$/);
    await restarted.close();
  }
});

test("signing in with the keyboard alone", async ({ page, request }) => {
  const email = uniqueEmail("keyboard");
  await createAccount(request, email, password);
  await page.goto("/login");
  const emailField = page.getByLabel("Email");
  for (let i = 0; i < 5 && !(await emailField.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(emailField).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press("Tab"); // the show/hide password button
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox", { name: "Keep me signed in" })).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Forgot Password?" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/auth$/);
});

test("logging out from the profile menu goes to /login, from the side menu to /", async ({
  page,
  request,
}) => {
  const email = await signedInNewUser(page, request, "logout");
  await page.getByRole("button", { name: "Open profile menu" }).click();
  await expect(page.getByRole("menu").getByText(email)).toBeVisible();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "See you again!" })).toBeVisible();

  await signIn(page, email, password);
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the customer menu opens from the menu button and closes after a choice", async ({
    page,
    request,
  }) => {
    await signedInNewUser(page, request, "mobile");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await menu.getByRole("link", { name: "My Monitors" }).click();
    await expect(page).toHaveURL(/\/auth\/mymonitors$/);
    await expect(menu).toBeHidden();
  });
});
