import { createAccount, expect, seriousViolations, test, uniqueEmail } from "../fixtures";
import { startPageServer } from "./page-server";

/**
 * Issue 11: identical unchanged checks are one row of the Check Log ("No change ×3", from its first check
 * to its last, the duration as their mean).
 */
test("a run of identical unchanged checks is one Check Log row with its count", async ({ page, request }) => {
  test.setTimeout(90_000);
  const shop = await startPageServer({ price: "49.00", headline: "Free delivery this week" });
  try {
    const email = uniqueEmail("runs");
    const password = "Runs-of-checks-11";
    await createAccount(request, email, password);
    // Signed in on the page's own context (the sign-in form is account.spec's): its token drives the API.
    const login = await page.request.post("/api/v1/auth/login", { data: { email, password } });
    const auth = { authorization: `Bearer ${(await login.json()).accessToken}` };
    const created = await request.post("/api/v1/monitors", {
      headers: auth,
      data: { url: shop.url, name: "Acme Kettle", frequency: "1d", watch: ["text", "price"] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const monitorId: string = (await created.json()).id;
    const checks = async (): Promise<{ status: string; count: number }[]> =>
      (await (await request.get(`/api/v1/monitors/${monitorId}/checks`, { headers: auth })).json()).items;
    await expect.poll(async () => (await checks()).length, { timeout: 20_000 }).toBe(1);

    // Two more checks of the same page: a manual check is refused within 10 s of the last, so try until taken.
    for (const total of [2, 3]) {
      await expect(async () => {
        const res = await request.post(`/api/v1/monitors/${monitorId}/check`, { headers: auth });
        expect(res.status()).toBe(202);
      }).toPass({ timeout: 30_000, intervals: [2_000] });
      await expect
        .poll(async () => (await checks()).reduce((sum, check) => sum + check.count, 0), { timeout: 20_000 })
        .toBe(total);
    }
    const rows = await checks();

    await page.goto(`/auth/mymonitors/${monitorId}`);
    await page.getByRole("tab", { name: "Check log" }).click();
    const log = page.getByRole("table", { name: "Check log" });
    // The header row and one row per run.
    await expect(log.getByRole("row")).toHaveCount(1 + rows.length);
    const run = log.getByRole("row").filter({ hasText: /No change ×\d/ });
    await expect(run).toHaveCount(1);
    await expect(run).toContainText(`No change ×${rows.find((row) => row.count > 1)?.count}`);
    await expect(run).toContainText("to ");
    await expect(run).toContainText("on average");
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`check-runs-${width}.png`), fullPage: true });
    }
  } finally {
    await shop.close();
  }
});
