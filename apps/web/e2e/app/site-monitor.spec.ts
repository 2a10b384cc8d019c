import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { axeOn, expect, test, uniqueEmail } from "../fixtures";
import { customerOnPlan } from "../support/customer-on-plan";

/**
 * Whole sites (issue 13 §2), in Chromium against the real server: a site monitor is added in the editor
 * from a sitemap served on 127.0.0.1; the sitemap then gains a page and loses one, a check runs, and the
 * monitor's timeline shows one change naming both, with the addresses. With "Watch each page's content",
 * each page found is watched with the site's settings, and a page's content change names that page.
 */
let sitemapServer: Server;
let origin = "";
let listed = ["/", "/about", "/old-offer"];
/** Pages served as HTML (the per-page watching test): path → the text of the page. */
const articles = new Map<string, string>();

const sitemapXml = () =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${listed
    .map((path) => `<url><loc>${origin}${path}</loc></url>`)
    .join("")}</urlset>`;

test.beforeAll(async () => {
  sitemapServer = createServer((request, response) => {
    const article = articles.get(request.url ?? "");
    if (article !== undefined) {
      response.writeHead(200, { "content-type": "text/html", "cache-control": "no-store" });
      response.end(
        `<html><head><title>Docs</title></head><body><main><p>${article}</p></main></body></html>`,
      );
      return;
    }
    if (request.url === "/sitemap.xml") {
      response.writeHead(200, { "content-type": "application/xml", "cache-control": "no-store" });
      response.end(sitemapXml());
      return;
    }
    response.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => sitemapServer.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(sitemapServer.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => sitemapServer.close(() => resolve()));
});

test("a site monitor added from a sitemap reports a page added and one removed as one change", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("site");
  const password = "Watch-the-whole-site-4";
  const context = await browser.newContext({
    baseURL: process.env.CR_E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await customerOnPlan(context.request, page, email, password, "Pro");

  await page.goto("/auth/mymonitors/new");
  const modes = page.getByRole("radiogroup", { name: "What to watch" });
  await expect(modes.getByRole("radio", { name: "One page" })).toBeChecked();
  await modes.getByRole("radio", { name: "A site, from its sitemap" }).check();
  // A site has no element or screenshot to choose: those fields give way to its bounds.
  await expect(page.getByLabel("Element to watch (CSS selector)")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Preview", exact: true })).toHaveCount(0);
  await page.getByLabel("Sitemap URL").fill(`${origin}/sitemap.xml`);
  await page.getByLabel("Name", { exact: true }).fill("Acme site pages");
  await page.getByLabel("Pages at most").fill("501");
  await page.getByRole("button", { name: "Start monitoring" }).click();
  await expect(page.getByText("Pages must be a whole number from 1 to 500")).toBeVisible();
  await page.getByLabel("Pages at most").fill("100");

  // What the editor looks like, wide and narrow, with no accessibility violations.
  await page.screenshot({ path: test.info().outputPath("site-editor-wide.png"), fullPage: true });
  expect((await axeOn(page).include("form").analyze()).violations).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("site-editor-narrow.png"), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole("button", { name: "Start monitoring" }).click();
  await expect(page).toHaveURL(/\/auth\/mymonitors\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Acme site pages" })).toBeVisible();
  await page.getByRole("tab", { name: "Check log" }).click();
  await expect(page.getByRole("table", { name: "Check log" }).getByRole("row")).toHaveCount(2, {
    timeout: 30_000,
  });

  listed = ["/", "/about", "/new-arrivals"];
  // A manual check is refused shortly after the previous one; try until the server takes it.
  await expect(async () => {
    await page.getByRole("button", { name: "Check Acme site pages now" }).click();
    await expect(page.getByText("Checking Acme site pages now")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000, intervals: [3_000] });

  await page.getByRole("tab", { name: "History", exact: true }).click();
  const history = page.getByRole("list", { name: "Change history" });
  await expect(history.getByRole("listitem")).toHaveCount(1, { timeout: 30_000 });
  await expect(history).toContainText("1 page added, 1 removed");
  await expect(page.getByRole("heading", { name: "Pages", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `${origin}/new-arrivals` }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: `${origin}/old-offer` }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("site-change.png"), fullPage: true });
  await context.close();
});

test("watching each page of a site: a page's content change is a change naming that page", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  listed = ["/docs/guide", "/docs/faq"];
  articles.set("/docs/guide", "Install the agent, then restart it.");
  articles.set("/docs/faq", "Questions people ask.");
  const context = await browser.newContext({
    baseURL: process.env.CR_E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await customerOnPlan(context.request, page, uniqueEmail("site-pages"), "Watch-every-page-5", "Pro");

  await page.goto("/auth/mymonitors/new");
  await page
    .getByRole("radiogroup", { name: "What to watch" })
    .getByRole("radio", { name: "A site, from its sitemap" })
    .check();
  await page.getByLabel("Sitemap URL").fill(`${origin}/sitemap.xml`);
  await page.getByLabel("Name", { exact: true }).fill("Acme docs");
  const watchPages = page.getByRole("checkbox", { name: "Watch each page's content" });
  await expect(page.getByText("Your Pro plan watches up to 100 pages of a site")).toBeVisible();
  await watchPages.check();
  // Watching the pages, what to look for on them comes back, and the page cap follows the plan's.
  await expect(page.getByRole("checkbox", { name: /^Text/ }).first()).toBeVisible();
  await page.getByLabel("Pages at most").fill("10");
  expect((await axeOn(page).include("form").analyze()).violations).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("site-pages-editor.png"), fullPage: true });
  await page.getByRole("button", { name: "Start monitoring" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Acme docs" })).toBeVisible();

  await page.getByRole("tab", { name: "Watched pages" }).click();
  const watched = page.getByRole("list", { name: "Watched pages" });
  await expect(watched.getByRole("link")).toHaveCount(2, { timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath("site-pages-list.png"), fullPage: true });
  await watched.getByRole("link", { name: "/docs/guide" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Acme docs · /docs/guide" })).toBeVisible();
  await expect(page.getByText("This page is watched as part of")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(0);
  // Its first check (the baseline) runs on the schedule the site gave it.
  await page.getByRole("tab", { name: "Check log" }).click();
  await expect(page.getByRole("table", { name: "Check log" }).getByRole("row")).toHaveCount(2, {
    timeout: 30_000,
  });

  articles.set("/docs/guide", "Install the agent, then restart it twice and check the new status page.");
  await expect(async () => {
    await page.getByRole("button", { name: "Check Acme docs · /docs/guide now" }).click();
    await expect(page.getByText("Checking Acme docs · /docs/guide now")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000, intervals: [3_000] });
  await page.getByRole("tab", { name: "History", exact: true }).click();
  const history = page.getByRole("list", { name: "Change history" });
  await expect(history.getByRole("listitem")).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByText("check the new status page").first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("site-page-change.png"), fullPage: true });
  await context.close();
});
