import { createAccount, expect, test, uniqueEmail } from "../fixtures";
import { startPageServer } from "./page-server";

/**
 * Issue 13 §5: the Check Log says what the noise filter ignored on each check ("1 timestamp, 1 counter
 * ignored", the user's rule that hid a line), and the rule can be undone from there.
 */
test("a check's ignored noise in the Check Log, and stopping an ignore rule from there", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const line = (deal: string, time: string, views: string) =>
    `Deal of the week: ${deal}</p><p class="meta">Updated at ${time}, ${views} views`;
  const shop = await startPageServer({ price: "49.00", headline: line("socks", "10:32", "1,234") });
  try {
    const email = uniqueEmail("ignored");
    const password = "Noise-filter-shown-3";
    await createAccount(request, email, password);
    // Signed in on the page's own context: its session cookie opens the screens below (the form is
    // account.spec's).
    const login = await page.request.post("/api/v1/auth/login", { data: { email, password } });
    expect(login.status(), await login.text()).toBe(200);
    const auth = { authorization: `Bearer ${(await login.json()).accessToken}` };
    const created = await request.post("/api/v1/monitors", {
      headers: auth,
      data: {
        url: shop.url,
        name: "Acme Kettle",
        frequency: "1d",
        watch: ["text"],
        ignore: ["deal of the week"],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const monitorId: string = (await created.json()).id;
    const checks = async () =>
      (await (await request.get(`/api/v1/monitors/${monitorId}/checks`, { headers: auth })).json()).items;
    await expect.poll(async () => (await checks()).length, { timeout: 20_000 }).toBe(1);

    shop.set({ headline: line("gloves", "10:47", "1,301") });
    // A manual check is refused within 10 s of the first: try until the server takes it.
    await expect(async () => {
      const res = await request.post(`/api/v1/monitors/${monitorId}/check`, { headers: auth });
      expect(res.status()).toBe(202);
    }).toPass({ timeout: 30_000, intervals: [2_000] });
    await expect.poll(async () => (await checks()).length, { timeout: 20_000 }).toBe(2);

    await page.goto(`/auth/mymonitors/${monitorId}`);
    await page.getByRole("tab", { name: "Check log" }).click();
    const log = page.getByRole("table", { name: "Check log" });
    const latest = log.getByRole("row").nth(1);
    await expect(latest).toContainText("No change");
    await expect(latest).toContainText("1 timestamp, 1 counter ignored");
    await expect(latest).toContainText('Your rule "deal of the week" hid 1 line');
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`check-log-${width}.png`), fullPage: true });
    }

    await latest.getByRole("button", { name: 'Stop ignoring "deal of the week"' }).click();
    await expect(page.getByText('"deal of the week" is no longer ignored.')).toBeVisible();
    // The rule is gone from the monitor: the row still names it, without the button.
    await expect(latest.getByRole("button", { name: 'Stop ignoring "deal of the week"' })).toHaveCount(0);
    const monitor = await (await request.get(`/api/v1/monitors/${monitorId}`, { headers: auth })).json();
    expect(monitor.ignore).toEqual([]);
  } finally {
    await shop.close();
  }
});
