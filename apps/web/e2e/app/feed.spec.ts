import Parser from "rss-parser";
import { expect, test, uniqueEmail } from "../fixtures";
import { customerOnPlan } from "../support/customer-on-plan";
import { monitorWithPriceChange } from "../support/price-change";
import { type PageServer, startPageServer } from "./page-server";

/**
 * Feeds (issue 13 §4), in Chromium against the real server: a monitor's private feed is created from its
 * screen, both addresses are read by a real feed parser from outside the browser (no session, no cookies),
 * each naming the change; turned off, the address answers 410 and the screen offers a new feed.
 */
let shop: PageServer;

test.beforeAll(async () => {
  shop = await startPageServer({ price: "24.99", headline: "Spring sale starts Monday" });
});
test.afterAll(async () => shop?.close());

test("a monitor's private feed, made on its screen, is read by a feed reader and can be turned off", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("feed");
  const password = "Feed-the-reader-8";
  const owner = await browser.newContext({ baseURL: process.env.CR_E2E_BASE_URL });
  const page = await owner.newPage();
  await customerOnPlan(owner.request, page, email, password, "Pro");
  const login = await owner.request.post("/api/v1/auth/login", { data: { email, password } });
  const auth = { authorization: `Bearer ${(await login.json()).accessToken}` };

  const { monitorId, change } = await monitorWithPriceChange(owner.request, auth, shop, "Kettle", "19.99");

  await page.goto(`/auth/mymonitors/${monitorId}`);
  await page.getByRole("button", { name: "Feed" }).click();
  const dialog = page.getByRole("dialog", { name: "Private feed of this monitor" });
  await dialog.getByRole("button", { name: "Create a private feed of this monitor" }).click();
  const rssUrl = await dialog.getByRole("textbox", { name: "RSS feed of this monitor" }).inputValue();
  const atomUrl = await dialog.getByRole("textbox", { name: "Atom feed of this monitor" }).inputValue();
  await page.screenshot({ path: test.info().outputPath("feed-dialog.png") });

  // A feed reader: its own HTTP client, none of the browser's cookies or tokens.
  const reader = await playwright.request.newContext();
  const parser = new Parser();
  for (const url of [rssUrl, atomUrl]) {
    const response = await reader.get(url);
    expect(response.status(), url).toBe(200);
    const feed = await parser.parseString(await response.text());
    expect(feed.title).toBe("ChangeRadar: Kettle");
    expect(feed.items.map((item) => item.title)).toEqual([`Kettle: ${change.summary}`]);
  }

  await dialog.getByRole("button", { name: "Turn off feed" }).click();
  await expect(dialog.getByRole("button", { name: "Create a private feed of this monitor" })).toBeVisible();
  expect((await reader.get(rssUrl)).status()).toBe(410);
  await reader.dispose();
  await owner.close();
});
