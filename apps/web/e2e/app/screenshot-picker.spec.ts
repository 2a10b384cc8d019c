import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, uniqueEmail } from "../fixtures";
import { customerOnPlan } from "../support/customer-on-plan";

/**
 * The element picker on a page that needs JavaScript (issue 13 §5): the page's HTML is an empty shell and
 * its script builds the content, so the styled picker has nothing to show. The screenshot picker renders
 * it; a click on the price in the screenshot picks its selector, saving watches that element, and a later
 * check reports the price's change and not the rest of the page.
 */
interface ScriptedShop {
  url: string;
  set(price: string, note: string): void;
  /** Answers the page's script this late, so a render of the page takes at least that long. */
  slowScript(ms: number): void;
  close(): Promise<void>;
}

async function startScriptedShop(): Promise<ScriptedShop> {
  let price = "30.00";
  let note = "Made to order";
  let scriptDelayMs = 0;
  const server: Server = createServer((request, response) => {
    if (request.url === "/app.js") {
      response.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" });
      const script = `
        const root = document.getElementById("root");
        root.innerHTML = '<h1 class="product-title">Desk lamp</h1>'
          + '<p class="price">Price: ${price} EUR</p><p class="note">${note}</p>';`;
      setTimeout(() => response.end(script), scriptDelayMs);
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    response.end(`<!doctype html><html lang="en"><head><title>Desk lamp</title><style>
      body { margin: 0; font: 20px sans-serif }
      .product-title { position: absolute; left: 40px; top: 40px; margin: 0 }
      .price { position: absolute; left: 200px; top: 300px; width: 300px; height: 50px; margin: 0; background: #fde68a }
      .note { position: absolute; left: 200px; top: 500px; margin: 0 }
    </style></head><body><div id="root"></div><script src="/app.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    set: (nextPrice, nextNote) => {
      price = nextPrice;
      note = nextNote;
    },
    slowScript: (ms) => {
      scriptDelayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let shop: ScriptedShop;
test.beforeAll(async () => {
  shop = await startScriptedShop();
});
test.afterAll(async () => shop?.close());

test("a page built by JavaScript: pick its price in the screenshot, save, and the checks watch the price", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("shot-picker");
  const password = "Screenshot-picker-9";
  const context = await browser.newContext({
    baseURL: process.env.CR_E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await customerOnPlan(context.request, page, email, password, "Personal");

  await page.goto("/auth/mymonitors/new");
  await page.getByLabel("URL").fill(shop.url);
  await page.getByRole("switch", { name: /Render JavaScript/ }).check();
  // The page's script answers late, so the picker's "Rendering the page…" is there to be seen even on a
  // quiet machine, where the render otherwise ends before the assertion looks.
  shop.slowScript(3000);
  await page.getByRole("button", { name: "Preview", exact: true }).click();

  // Rendering is on: the picker starts on the screenshot, and says it is working.
  // (The preview itself renders the page in the browser first: it takes a while on a busy machine.)
  await expect(page.getByRole("switch", { name: /Use a screenshot/ })).toBeChecked({ timeout: 60_000 });
  await expect(page.getByRole("status").filter({ hasText: "Rendering the page…" })).toBeVisible();
  const screenshot = page.getByTestId("picker-screenshot");
  await expect(screenshot.getByRole("img", { name: `Screenshot of ${shop.url}` })).toBeVisible({
    timeout: 60_000,
  });
  shop.slowScript(0);
  const parts = page.getByRole("listbox", { name: "Parts of the page" });
  await expect(parts.getByRole("option", { name: "p: Price: 30.00 EUR" })).toBeVisible();

  // Keyboard: the list reaches every part; Enter picks the one shown as active.
  const selector = page.getByLabel("Element to watch (CSS selector)");
  await parts.focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("Enter");
  await expect(selector).toHaveValue("h1.product-title");
  await expect(parts.getByRole("option", { name: "h1: Desk lamp" })).toHaveAttribute("aria-selected", "true");

  // The pointer: a click in the middle of the price's box (300 × 50 at 200, 300 in the 1280 px page).
  const shown = await screenshot.boundingBox();
  if (!shown) throw new Error("the screenshot is not on screen");
  const scale = shown.width / 1280;
  await screenshot.click({ position: { x: 350 * scale, y: 325 * scale } });
  await expect(selector).toHaveValue("p.price");
  await expect(parts.getByRole("option", { name: "p: Price: 30.00 EUR" })).toHaveAttribute(
    "aria-selected",
    "true",
  );

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`screenshot-picker-${width}.png`), fullPage: true });
  }

  await page.getByLabel("Name", { exact: true }).fill("Desk lamp price");
  await page.getByRole("button", { name: "Start monitoring" }).click();
  await expect(page).toHaveURL(/\/auth\/mymonitors\/[0-9a-f-]{36}$/);
  const monitorId = new URL(page.url()).pathname.split("/").pop();
  await page.getByRole("tab", { name: "Check log" }).click();
  await expect(page.getByRole("table", { name: "Check log" }).getByRole("row")).toHaveCount(2, {
    timeout: 60_000,
  });

  // The price and the note outside the picked element both change: the check reports the price only.
  shop.set("24.50", "Ships in a week");
  await page.goto("/auth/mymonitors");
  const row = page.getByRole("listitem").filter({ hasText: "Desk lamp price" });
  await expect(async () => {
    await row.getByRole("button", { name: "Check Desk lamp price now" }).click();
    await expect(page.getByText("Checking Desk lamp price now")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000, intervals: [3_000] });

  const login = await context.request.post("/api/v1/auth/login", { data: { email, password } });
  const auth = { authorization: `Bearer ${(await login.json()).accessToken}` };
  const monitor = await (
    await context.request.get(`/api/v1/monitors/${monitorId}`, { headers: auth })
  ).json();
  expect(monitor.selector).toBe("p.price");
  let changes = "";
  await expect(async () => {
    const answer = await context.request.get(`/api/v1/monitors/${monitorId}/changes`, { headers: auth });
    changes = await answer.text();
    expect(changes).toContain("24.50");
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  expect(changes).not.toContain("Ships in a week");
  await context.close();
});
