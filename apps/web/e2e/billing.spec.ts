import type { APIRequestContext, Page } from "@playwright/test";
import { expect, submitSignUpForm, test, uniqueEmail } from "./fixtures";

/**
 * Issue 9 must-show, in Chromium against the real server and the local Stripe stand-in: a paid sign-up
 * pays through Checkout and the signed webhook makes the plan active (the notice goes); a failed renewal
 * shows the past-due notice; a cancellation in the portal leaves Free limits with the extra monitors
 * paused and every change kept.
 */

const password = "Trail-Runner-42";

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post("/api/v1/auth/login", { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).accessToken as string;
}

async function shot(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: test.info().outputPath(`billing-${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("paid sign-up through Checkout, payment failure, cancellation to Free limits", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("stripe");

  // A paid sign-up: Pro chosen, payment pending, Free limits.
  await submitSignUpForm(
    page,
    { email, password, firstName: "Ann" },
    "/register?planType=Pro&period=monthly",
  );
  await page.getByRole("button", { name: "Verify later" }).click();
  await expect(page).toHaveURL(/\/auth\/account\?planType=Pro&period=monthly$/);
  const notice = page.getByRole("alert").filter({ hasText: "Payment Required" });
  await expect(notice).toBeVisible();
  await expect(
    page.getByText("Pro chosen, payment pending: Free limits apply until it is paid."),
  ).toBeVisible();
  await expect(page.getByText("Plan in force: Free")).toBeVisible();
  await shot(page, "pending");

  // The notice's action goes to Stripe Checkout; paying sends the signed webhooks and returns here.
  await notice.getByRole("button", { name: "Complete payment" }).click();
  await expect(page).toHaveURL(new RegExp(`^${process.env.CR_E2E_STRIPE_URL}/checkout/cs_test_`));
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/auth\/account\?checkout=success&session_id=cs_test_/);
  await expect(page.getByText("Payment received")).toBeVisible();
  await expect(page.getByText("Plan in force: Pro")).toBeVisible();
  await expect(page.getByText("Payment Required", { exact: true })).toBeHidden();
  await shot(page, "paid");

  // On Pro: three hourly monitors, one of them renamed.
  const token = await apiToken(request, email);
  const auth = { authorization: `Bearer ${token}` };
  const ids: string[] = [];
  for (const n of [1, 2, 3]) {
    const created = await request.post("/api/v1/monitors", {
      headers: auth,
      data: { url: `${baseURL}/?page=${n}`, name: `Shop page ${n}`, frequency: "1h", watch: ["text"] },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids.push((await created.json()).id);
  }
  const renamed = await request.patch(`/api/v1/monitors/${ids[0]}`, {
    headers: auth,
    data: { name: "Renamed on Pro" },
  });
  expect(renamed.status()).toBe(200);

  // A renewal fails: the past-due notice, the plan kept during the grace period.
  const failed = await request.post(
    `${process.env.CR_E2E_STRIPE_URL}/_control/payment-failed?email=${encodeURIComponent(email)}`,
  );
  expect((await failed.json()).status).toBe(200);
  await page.goto("/auth");
  const pastDue = page.getByRole("alert").filter({ hasText: "Payment failed" });
  await expect(pastDue).toBeVisible();
  await expect(pastDue).toContainText("Pro limits stay until");
  await shot(page, "past-due");

  // Cancellation in the Customer Portal: back on /auth/account with Free limits.
  await pastDue.getByRole("button", { name: "Manage billing" }).click();
  await expect(page).toHaveURL(new RegExp(`^${process.env.CR_E2E_STRIPE_URL}/portal/`));
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page).toHaveURL(/\/auth\/account\?portal=return$/);
  await expect(page.getByText("Plan in force: Free")).toBeVisible();
  await expect(page.getByText("Pro subscription canceled: Free limits apply.")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Payment failed" })).toBeHidden();

  // Settings shows the Free limits in force, the extra monitors paused by the plan.
  await page.goto("/auth/settings#plan");
  await expect(page.getByText("3 of 1 used (2 paused by the plan)")).toBeVisible();
  await shot(page, "canceled-settings");

  // Every change kept: three monitors, the newest two paused, names kept, checks slowed to daily.
  const list = await request.get("/api/v1/monitors?pageSize=50", {
    headers: { authorization: `Bearer ${await apiToken(request, email)}` },
  });
  const monitors = (await list.json()).items as {
    id: string;
    name: string;
    paused: boolean;
    frequency: string;
  }[];
  expect(monitors).toHaveLength(3);
  const byId = new Map(monitors.map((m) => [m.id, m]));
  expect(byId.get(ids[0]!)).toMatchObject({ name: "Renamed on Pro", paused: false, frequency: "1d" });
  expect(byId.get(ids[1]!)).toMatchObject({ name: "Shop page 2", paused: true, frequency: "1d" });
  expect(byId.get(ids[2]!)).toMatchObject({ name: "Shop page 3", paused: true, frequency: "1d" });
});
