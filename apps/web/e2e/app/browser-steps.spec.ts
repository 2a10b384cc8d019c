import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, uniqueEmail } from "../fixtures";
import { customerOnPlan } from "../support/customer-on-plan";

/**
 * Browser steps (issue 13 §1), in Chromium against the real server and a site on 127.0.0.1 behind a login
 * form: the steps are recorded in the editor with the password typed as a secret, run once there with a
 * screenshot after each, saved; the first check watches the page after the login, the page changes, "check
 * now" finds the change and the Notification Center shows it. The password is never shown again.
 */
const PASSWORD = "Open-sesame-42";

interface LoginSite {
  url: (path: string) => string;
  setPrice(price: string): void;
  close(): Promise<void>;
}

async function startLoginSite(): Promise<LoginSite> {
  const sessions = new Set<string>();
  let price = "$49.00";
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const sid = /(?:^|; )sid=([^;]+)/.exec(req.headers.cookie ?? "")?.[1] ?? "";
    if (url.pathname === "/login" && req.method === "POST") {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        const form = new URLSearchParams(body);
        if (form.get("user") !== "kim" || form.get("password") !== PASSWORD) {
          res.writeHead(200, { "content-type": "text/html" }).end(page("Sign in", "<p>Wrong password</p>"));
          return;
        }
        const id = `s${sessions.size + 1}`;
        sessions.add(id);
        res.writeHead(303, { location: "/member", "set-cookie": `sid=${id}; Path=/; HttpOnly` }).end();
      });
      return;
    }
    if (url.pathname === "/member" && sessions.has(sid)) {
      res
        .writeHead(200, { "content-type": "text/html", "cache-control": "no-store" })
        .end(page("Member prices", `<h1>Member prices</h1><p class="price">Club price: ${price}</p>`));
      return;
    }
    if (url.pathname === "/login") {
      res.writeHead(200, { "content-type": "text/html" }).end(
        page(
          "Sign in",
          `<h1>Sign in</h1><form method="post" action="/login">
            <label>User <input id="user" name="user"></label>
            <label>Password <input id="password" name="password" type="password"></label>
            <button id="submit">Sign in</button></form>`,
        ),
      );
      return;
    }
    res.writeHead(302, { location: "/login" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    setPrice: (value) => {
      price = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let site: LoginSite;
test.beforeAll(async () => {
  site = await startLoginSite();
});
test.afterAll(async () => site?.close());

test("a monitor behind a login form: steps recorded in the editor, a secret typed, the page after login watched, its change alerted", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("steps");
  const password = "Steps-behind-login-9";
  const context = await browser.newContext({
    baseURL: process.env.CR_E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await customerOnPlan(context.request, page, email, password, "Pro");

  await page.goto("/auth/mymonitors/new");
  await page.getByLabel("URL").fill(site.url("/login"));
  await page.getByLabel("Name", { exact: true }).fill("Club price");
  const steps = page.getByRole("region", { name: "Browser steps" });

  await steps.getByRole("button", { name: "Add step" }).click();
  await expect(steps.getByRole("combobox", { name: "Action" }).first()).toHaveText("Type text");
  await steps.getByLabel("Step 1 css selector").fill("#user");
  await steps.getByLabel("Step 1 text").fill("kim");

  await steps.getByRole("button", { name: "Add step" }).click();
  await steps.getByRole("combobox", { name: "Action" }).nth(1).click();
  await page.getByRole("option", { name: "Type text" }).click();
  await steps.getByLabel("Step 2 css selector").fill("#password");
  await steps.getByRole("checkbox", { name: "Step 2: the text is a secret" }).check();
  await steps.getByLabel("Step 2 text").fill(PASSWORD);
  await expect(steps.getByLabel("Step 2 text")).toHaveAttribute("type", "password");

  await steps.getByRole("button", { name: "Add step" }).click();
  await steps.getByLabel("Step 3 css selector").fill("#submit");
  // A wait for the member page's text, at most 5 seconds (the field asks in seconds, 1 to 30).
  await steps.getByRole("button", { name: "Add step" }).click();
  await steps.getByRole("combobox", { name: "Action" }).nth(3).click();
  await page.getByRole("option", { name: "Wait for text" }).click();
  await steps.getByLabel("Step 4 text").fill("Member prices");
  await steps.getByLabel("Step 4 wait at most, in seconds").fill("5");
  // Steps run in a browser: Render JavaScript is on and locked, saying why.
  await expect(page.getByRole("switch", { name: /Render JavaScript/ })).toBeChecked();
  await expect(page.getByText("Always on while the monitor has browser steps")).toBeVisible();

  // Recorded against the live page: a screenshot after each step; the last one is behind the login.
  await steps.getByRole("button", { name: "Run steps" }).click();
  await expect(steps.getByText("All 4 steps ran.")).toBeVisible({ timeout: 60_000 });
  await expect(steps.getByRole("img", { name: /The page after step \d/ })).toHaveCount(4);
  await expect(steps.getByText(site.url("/member")).first()).toBeVisible();

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await steps.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: test.info().outputPath(`browser-steps-editor-${width}.png`),
      fullPage: true,
    });
  }

  await page.getByRole("button", { name: "Start monitoring" }).click();
  await expect(page).toHaveURL(/\/auth\/mymonitors\/[0-9a-f-]{36}$/);
  const monitorPath = new URL(page.url()).pathname;
  // The first check signs in and watches the member page.
  await page.getByRole("tab", { name: "Check log" }).click();
  await expect(page.getByRole("table", { name: "Check log" }).getByRole("row")).toHaveCount(2, {
    timeout: 60_000,
  });
  await expect(page.getByRole("heading", { level: 1, name: "Club price" })).toBeVisible();

  // The secret is never shown again: the editor holds the placeholder, not the password.
  await page.goto(`${monitorPath}/edit`);
  await expect(page.getByLabel("Step 2 text")).toHaveValue("••••");
  expect(await page.content()).not.toContain(PASSWORD);

  site.setPrice("$39.00");
  await page.goto("/auth/mymonitors");
  const row = page.getByRole("listitem").filter({ hasText: "Club price" });
  await expect(async () => {
    await row.getByRole("button", { name: "Check Club price now" }).click();
    await expect(page.getByText("Checking Club price now")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000, intervals: [3_000] });

  await page.goto("/auth/notifications");
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("listitem", { name: /Club price changed/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  await expect(page.getByRole("listitem", { name: /Club price changed/ })).toContainText("39");
  await page.screenshot({ path: test.info().outputPath("browser-steps-alerted.png"), fullPage: true });
  await context.close();
});

test("a failed step fails the check, naming the step, with the page as it was", async ({ browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("steps-fail");
  const password = "Steps-that-fail-9";
  const context = await browser.newContext({ baseURL: process.env.CR_E2E_BASE_URL });
  const page = await context.newPage();
  await customerOnPlan(context.request, page, email, password, "Business");
  const login = await context.request.post("/api/v1/auth/login", { data: { email, password } });
  const auth = { authorization: `Bearer ${(await login.json()).accessToken}` };
  const created = await context.request.post("/api/v1/monitors", {
    headers: auth,
    data: {
      url: site.url("/login"),
      name: "Club price, wrong button",
      frequency: "1d",
      watch: ["text"],
      browserSteps: [
        { kind: "type", selector: "#user", text: "kim" },
        // A button that never shows: a one-second wait fails as a click on it does, 9 s sooner.
        { kind: "wait_for_selector", selector: "#sign-in-button", timeoutMs: 1_000 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const monitorId = (await created.json()).id as string;
  await page.goto(`/auth/mymonitors/${monitorId}`);
  const failure = page.getByRole("alert").filter({ hasText: "failed: Step 2" });
  await expect(async () => {
    await page.reload();
    await expect(failure).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await expect(failure).toContainText(
    'Step 2 (wait for "#sign-in-button") failed: nothing on the page matched the selector in time',
  );
  await expect(failure.getByRole("img", { name: "The page when the browser step failed" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("browser-steps-failed.png"), fullPage: true });
  await context.close();
});
