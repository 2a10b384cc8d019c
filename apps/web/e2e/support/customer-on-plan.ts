import type { PlanName } from "@changeradar/contracts";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { adminAccessToken } from "./admin-session";

/**
 * A customer on a paid plan, as support would set it up: signed up through the API, moved to `plan` by
 * the administrator (see admin-session.ts), then signed in on `page`.
 */
export async function customerOnPlan(
  request: APIRequestContext,
  page: Page,
  email: string,
  password: string,
  plan: PlanName,
): Promise<void> {
  const signUp = (address: string, secret: string) =>
    request.post("/api/v1/users/new-merchant", {
      data: { email: address, password: secret, firstName: "Kim", planType: "Free", period: "monthly" },
    });
  const adminAuth = { authorization: `Bearer ${await adminAccessToken(request)}` };
  expect((await signUp(email, password)).status()).toBe(200);
  const found = await request.get(`/api/v1/admin/customers?q=${encodeURIComponent(email)}`, {
    headers: adminAuth,
  });
  const customer = (await found.json()).items.find((c: { email: string }) => c.email === email);
  const changed = await request.post(`/api/v1/admin/customers/${customer.id}/plan`, {
    headers: adminAuth,
    data: { planType: plan },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}
