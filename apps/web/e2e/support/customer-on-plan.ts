import type { PlanName } from "@changeradar/contracts";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { adminAccessToken } from "./admin-session";

/**
 * A customer on a paid plan, as support would set it up: signed up through the API, moved to `plan` by
 * the administrator (see admin-session.ts), then signed in on `page` (the caller opens the first screen).
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

  // Signed in through the API on the page's own context: the session cookie is the browser's, so the next
  // screen it opens restores the session as after a sign-in. The sign-in form itself is tested in
  // account.spec.ts; going through it here cost every caller a load of the sign-in screen and the dashboard.
  const login = await page.request.post("/api/v1/auth/login", { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
}
