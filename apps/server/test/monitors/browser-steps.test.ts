import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Monitor,
  monitorSchema,
  type PlanName,
  runStepsResultSchema,
  secretPlaceholder,
} from "@changeradar/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monitorBrowserState, monitors } from "../../src/db/schema/monitors";
import { users } from "../../src/db/schema/users";
import { changePlan } from "../../src/entitlements";
import { stepSecretBox } from "../../src/monitors/step-secrets";
import { startLoggedApp } from "../http/logged-app";
import { changeCount, checkCount } from "./support/checks";
import { eventually, startTestApp, type TestApp } from "./support/test-app";

const PASSWORD = "Hunter2-very-secret!";
const PNG_SIGNATURE = "89504e470d0a1a0a";

/** A small site behind a login form: POST /login sets a session cookie and redirects to /member. */
function startLoginSite() {
  const sessions = new Set<string>();
  const loginCookies: string[] = [];
  let price = "$19.99";
  const page = (body: string) =>
    `<!doctype html><html><head><title>Members</title></head><body>${body}</body></html>`;
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
        if (form.get("user") !== "ada" || form.get("password") !== PASSWORD) {
          res.writeHead(200, { "content-type": "text/html" }).end(page("<p>Wrong password</p>"));
          return;
        }
        const id = `session-${sessions.size + 1}`;
        sessions.add(id);
        res.writeHead(303, { location: "/member", "set-cookie": `sid=${id}; Path=/; HttpOnly` }).end();
      });
      return;
    }
    if (url.pathname === "/login") {
      loginCookies.push(req.headers.cookie ?? "");
      res.writeHead(200, { "content-type": "text/html" }).end(
        page(`<form method="post" action="/login"><input id="user" name="user">
          <input id="password" name="password" type="password"><button id="submit">Sign in</button></form>`),
      );
      return;
    }
    if (url.pathname === "/member" && sessions.has(sid)) {
      res
        .writeHead(200, { "content-type": "text/html" })
        .end(page(`<h1>Members only</h1><p class="price">Price: ${price}</p>`));
      return;
    }
    res.writeHead(302, { location: "/login" }).end();
  });
  return {
    listen: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)),
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    setPrice: (value: string) => {
      price = value;
    },
    loginCookies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let t: TestApp;
let logged: Awaited<ReturnType<typeof startLoggedApp>>;
const site = startLoginSite();

beforeAll(async () => {
  t = await startTestApp();
  await site.listen();
  // The same database behind an app whose log lines the test reads; its worker runs the first checks.
  logged = await startLoggedApp(t.database, { env: { ALLOW_PRIVATE_TARGETS: "true" } });
});
afterAll(async () => {
  await logged?.close();
  await t?.close();
  await site.close();
});

const loginSteps = () => [
  { kind: "type", selector: "#user", text: "ada" },
  { kind: "type", selector: "#password", text: PASSWORD, secret: true },
  { kind: "click", selector: "#submit" },
];

async function call(auth: { authorization: string }, method: string, path: string, body?: unknown) {
  const res = await fetch(`${logged.baseUrl}/api/v1${path}`, {
    method,
    headers: { ...auth, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, text: await res.text() };
}

async function readMonitor(auth: { authorization: string }, id: string): Promise<Monitor> {
  return monitorSchema.parse(JSON.parse((await call(auth, "GET", `/monitors/${id}`)).text));
}

/** A new user on `plan` with a monitor of the login page. */
async function monitorOn(plan: PlanName, settings: Record<string, unknown>) {
  const owner = await t.signUp(plan);
  const created = await call(owner.auth, "POST", "/monitors", {
    url: site.url("/login"),
    frequency: "1d",
    ...settings,
  });
  return { owner, monitor: monitorSchema.parse(JSON.parse(created.text)) };
}

/** A plan change as billing or the admin makes it (changePlan). */
async function setPlan(userId: string, planType: PlanName) {
  const db = t.database.handle.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  await db.transaction((tx) => changePlan(tx, user, { planType, planStatus: "active" }, new Date()));
}

/** "Check now" (past its 10 s cool-down), then the monitor once its `checks`-th check is recorded. */
async function checkNow(auth: { authorization: string }, id: string, checks: number) {
  const db = t.database.handle.db;
  await db.update(monitors).set({ manualCheckAt: null }).where(eq(monitors.id, id));
  expect((await call(auth, "POST", `/monitors/${id}/check`)).status).toBe(202);
  await eventually(
    () => checkCount(db, id),
    (n) => n === checks,
    60_000,
  );
  return readMonitor(auth, id);
}

describe("browser steps on a monitor", () => {
  it("are for Pro and Business: Free and Personal are refused with one message", async () => {
    for (const plan of ["Free", "Personal"] as const) {
      const user = await t.signUp(plan);
      const res = await call(user.auth, "POST", "/monitors", {
        url: site.url("/login"),
        frequency: "1d",
        watch: ["text"],
        browserSteps: loginSteps(),
      });
      expect(res.status).toBe(402);
      expect(JSON.parse(res.text).message).toBe(
        "Browser steps (pages behind a login or a click) need the Pro plan or higher. Upgrade to use them.",
      );
    }
    const free = await t.signUp("Free");
    const plain = await call(free.auth, "POST", "/monitors", {
      url: site.url("/login"),
      frequency: "1d",
      watch: ["text"],
      browserSteps: [],
    });
    expect(plain.status).toBe(201);
  });

  it("signs in with a sealed secret, watches the page after the login and alerts on its change; the secret is never shown or logged", async () => {
    const owner = await t.signUp("Pro");
    const created = await call(owner.auth, "POST", "/monitors", {
      url: site.url("/login"),
      frequency: "1d",
      watch: ["text", "price"],
      browserSteps: loginSteps(),
    });
    expect(created.status).toBe(201);
    expect(created.text).not.toContain(PASSWORD);
    const monitor = monitorSchema.parse(JSON.parse(created.text));
    // Steps need a browser: rendering was turned on with them.
    expect(monitor.renderJs).toBe(true);
    expect(monitor.browserSteps[1]).toEqual({
      kind: "type",
      selector: "#password",
      text: secretPlaceholder,
      secret: true,
    });

    const db = t.database.handle.db;
    const checked = await eventually(
      () => readMonitor(owner.auth, monitor.id),
      (m) => m.lastCheckedAt !== null,
      60_000,
    );
    expect(checked.lastError).toBeNull();
    expect(checked.latest?.price?.amount).toBe(19.99);
    expect(checked.latest?.title).toBe("Members");

    // At rest: the secret is sealed, and opens with the server key only.
    const [row] = await db.select().from(monitors).where(eq(monitors.id, monitor.id));
    const stored = row.browserSteps[1];
    expect(stored.kind === "type" && stored.text).not.toBe(PASSWORD);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    const box = stepSecretBox(t.config.jwtSecret);
    expect(stored.kind === "type" && box.open(stored.text)).toBe(PASSWORD);
    // The session cookie is kept for the next check, sealed too.
    const [state] = await db
      .select()
      .from(monitorBrowserState)
      .where(eq(monitorBrowserState.monitorId, monitor.id));
    expect(state.cookies).not.toContain("session-");
    expect(JSON.parse(box.open(state.cookies ?? ""))).toEqual([
      expect.objectContaining({ name: "sid", httpOnly: true, domain: "127.0.0.1" }),
    ]);

    // Saving the steps back as shown (placeholder) keeps the stored secret.
    const renamed = await call(owner.auth, "PATCH", `/monitors/${monitor.id}`, {
      name: "Members' price",
      browserSteps: checked.browserSteps,
    });
    expect(renamed.status).toBe(200);
    const [after] = await db.select().from(monitors).where(eq(monitors.id, monitor.id));
    expect(after.browserSteps).toEqual(row.browserSteps);
    // A placeholder for a field that had no secret is a clear 400, not an empty password.
    const lost = await call(owner.auth, "PATCH", `/monitors/${monitor.id}`, {
      browserSteps: [{ kind: "type", selector: "#other", text: secretPlaceholder, secret: true }],
    });
    expect(lost.status).toBe(400);
    expect(JSON.parse(lost.text).errors[0]).toMatchObject({
      path: "browserSteps",
      msg: "Step 1: enter the secret again (the field changed).",
    });

    site.setPrice("$14.99");
    const cookiesBefore = site.loginCookies.length;
    expect((await call(owner.auth, "POST", `/monitors/${monitor.id}/check`)).status).toBe(202);
    await eventually(
      () => checkCount(db, monitor.id),
      (n) => n === 2,
      60_000,
    );
    await eventually(
      () => changeCount(db, monitor.id),
      (n) => n === 1,
      60_000,
    );
    // The second check opened the login page with the kept session cookie.
    expect(site.loginCookies.slice(cookiesBefore)[0]).toMatch(/sid=session-1/);
    const changed = await readMonitor(owner.auth, monitor.id);
    expect(changed.latest?.price?.amount).toBe(14.99);
    expect(JSON.stringify(changed)).not.toContain(PASSWORD);
    expect(JSON.stringify(logged.lines)).not.toContain(PASSWORD);
    expect(logged.lines.length).toBeGreaterThan(0);
  }, 120_000);

  it("after a downgrade the steps are kept but not run: the check says why, and an upgrade runs them again", async () => {
    const db = t.database.handle.db;
    const { owner, monitor } = await monitorOn("Pro", {
      watch: ["text", "price"],
      browserSteps: loginSteps(),
    });
    await eventually(
      () => readMonitor(owner.auth, monitor.id),
      (m) => m.lastCheckedAt !== null,
      60_000,
    );
    const [stored] = await db.select().from(monitors).where(eq(monitors.id, monitor.id));

    await setPlan(owner.id, "Personal");
    const pagesBefore = site.loginCookies.length;
    const refused = await checkNow(owner.auth, monitor.id, 2);
    expect(refused.lastError).toBe(
      "Not checked on your plan: its browser steps need the Pro plan or higher. They are kept: upgrade to run them again, or remove them to check the page without them.",
    );
    // Nothing was fetched, and the steps (with their sealed secret) are still stored.
    expect(site.loginCookies.length).toBe(pagesBefore);
    const [kept] = await db.select().from(monitors).where(eq(monitors.id, monitor.id));
    expect(kept.browserSteps).toEqual(stored.browserSteps);
    // The editor saves the monitor with its steps as shown; new steps stay refused.
    const renamed = await call(owner.auth, "PATCH", `/monitors/${monitor.id}`, {
      name: "Kept steps",
      browserSteps: refused.browserSteps,
    });
    expect(renamed.status, renamed.text).toBe(200);
    const added = await call(owner.auth, "PATCH", `/monitors/${monitor.id}`, {
      browserSteps: [...refused.browserSteps, { kind: "accept_cookies" }],
    });
    expect(added.status).toBe(402);
    const [afterSave] = await db.select().from(monitors).where(eq(monitors.id, monitor.id));
    expect(afterSave.browserSteps).toEqual(stored.browserSteps);

    await setPlan(owner.id, "Pro");
    const restored = await checkNow(owner.auth, monitor.id, 3);
    expect(restored.lastError).toBeNull();
    expect(restored.latest?.title).toBe("Members");
    expect(site.loginCookies.length).toBeGreaterThan(pagesBefore);
  }, 120_000);

  it("after a downgrade to Free a rendered monitor is not rendered: the check says why", async () => {
    const db = t.database.handle.db;
    const { owner, monitor } = await monitorOn("Personal", { watch: ["text"], renderJs: true });
    await eventually(
      () => checkCount(db, monitor.id),
      (n) => n === 1,
      60_000,
    );
    await setPlan(owner.id, "Free");
    const pagesBefore = site.loginCookies.length;
    const refused = await checkNow(owner.auth, monitor.id, 2);
    expect(refused.lastError).toBe(
      "Not checked on your plan: rendering pages in a browser (JavaScript and screenshots) needs the Personal plan or higher. Upgrade, or turn off Render JavaScript and visual watching to check the page without a browser.",
    );
    expect(refused.renderJs).toBe(true);
    expect(site.loginCookies.length).toBe(pagesBefore);
  }, 90_000);

  it("a failing step fails the check with its number, kind, reason and a screenshot", async () => {
    const owner = await t.signUp("Business");
    const created = await call(owner.auth, "POST", "/monitors", {
      url: site.url("/login"),
      frequency: "1d",
      watch: ["text"],
      browserSteps: [
        { kind: "type", selector: "#password", text: PASSWORD, secret: true },
        // A one-second wait fails as a missing click does, 9 s sooner (a click waits 10 s for its element; the
        // engine's browser-steps test covers the click's own failure).
        { kind: "wait_for_selector", selector: "#no-such-button", timeoutMs: 1_000 },
      ],
    });
    const monitor = monitorSchema.parse(JSON.parse(created.text));
    const failed = await eventually(
      () => readMonitor(owner.auth, monitor.id),
      (m) => m.lastError !== null,
      60_000,
    );
    expect(failed.lastError).toBe(
      'Step 2 (wait for "#no-such-button") failed: nothing on the page matched the selector in time',
    );
    expect(await checkCount(t.database.handle.db, monitor.id)).toBe(1);
    const [state] = await t.database.handle.db
      .select()
      .from(monitorBrowserState)
      .where(eq(monitorBrowserState.monitorId, monitor.id));
    expect(state.failureScreenshot?.subarray(0, 8).toString("hex")).toBe(PNG_SIGNATURE);
    const shot = await fetch(`${logged.baseUrl}/api/v1/monitors/${monitor.id}/step-failure`, {
      headers: owner.auth,
    });
    expect(shot.status).toBe(200);
    expect(shot.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await shot.arrayBuffer()).equals(state.failureScreenshot ?? Buffer.alloc(0))).toBe(
      true,
    );
    expect(JSON.stringify(logged.lines)).not.toContain(PASSWORD);
  }, 60_000);

  it("refuses a 'go to' step to a private or metadata address when saving", async () => {
    const owner = await t.signUp("Business");
    const strict = await t.startSibling({ ALLOW_PRIVATE_TARGETS: "false" });
    try {
      for (const target of [
        "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.8/admin",
        site.url("/member"),
      ]) {
        const res = await fetch(`${strict.baseUrl}/api/v1/monitors`, {
          method: "POST",
          headers: { ...owner.auth, "content-type": "application/json" },
          body: JSON.stringify({
            url: "http://1.1.1.1/",
            frequency: "1d",
            watch: ["text"],
            browserSteps: [{ kind: "goto", url: target }],
          }),
        });
        expect(res.status).toBe(400);
        expect((await res.json()).errors[0].path).toBe("browserSteps");
      }
      // "Run steps" in the editor: the page and every "go to" pass the same guard before the browser starts.
      for (const [url, target, path] of [
        [site.url("/login"), "http://1.1.1.1/", "url"],
        ["http://1.1.1.1/", "http://169.254.169.254/latest/meta-data/", "browserSteps"],
      ]) {
        const res = await fetch(`${strict.baseUrl}/api/v1/monitors/steps/run`, {
          method: "POST",
          headers: { ...owner.auth, "content-type": "application/json" },
          body: JSON.stringify({ url, steps: [{ kind: "goto", url: target }] }),
        });
        expect(res.status).toBe(400);
        expect((await res.json()).errors[0].path).toBe(path);
      }
    } finally {
      await strict.close();
    }
  });

  it("'Run steps' runs them against the live page with a screenshot after each, taking a stored secret from the monitor", async () => {
    const personal = await t.signUp("Personal");
    const refused = await call(personal.auth, "POST", "/monitors/steps/run", {
      url: site.url("/login"),
      steps: loginSteps(),
    });
    expect(refused.status).toBe(402);

    const owner = await t.signUp("Business");
    const created = await call(owner.auth, "POST", "/monitors", {
      url: site.url("/login"),
      frequency: "1d",
      watch: ["text"],
      paused: true,
      browserSteps: loginSteps(),
    });
    const monitor = monitorSchema.parse(JSON.parse(created.text));
    const res = await call(owner.auth, "POST", "/monitors/steps/run", {
      url: site.url("/login"),
      steps: [...monitor.browserSteps, { kind: "wait_for_text", text: "Members only" }],
      monitorId: monitor.id,
    });
    expect(res.status).toBe(200);
    const run = runStepsResultSchema.parse(JSON.parse(res.text));
    expect(run.ok).toBe(true);
    expect(run.steps.map((s) => [s.number, s.kind, s.ok])).toEqual([
      [1, "type", true],
      [2, "type", true],
      [3, "click", true],
      [4, "wait_for_text", true],
    ]);
    expect(run.steps[2].url).toBe(site.url("/member"));
    for (const step of run.steps) expect(step.screenshot).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(res.text).not.toContain(PASSWORD);

    const wrong = await call(owner.auth, "POST", "/monitors/steps/run", {
      url: site.url("/login"),
      steps: [{ kind: "wait_for_selector", selector: "#missing", timeoutMs: 1_000 }],
    });
    const failed = runStepsResultSchema.parse(JSON.parse(wrong.text));
    expect(failed.ok).toBe(false);
    expect(failed.error).toBe(
      'Step 1 (wait for "#missing") failed: nothing on the page matched the selector in time',
    );
    expect(failed.steps[0]).toMatchObject({ ok: false, number: 1 });
    expect(failed.steps[0].screenshot).toMatch(/^data:image\/png;base64,/);
  }, 60_000);

  it("caps the steps: at most 20, lengths bounded, unknown kinds refused", async () => {
    const owner = await t.signUp("Business");
    const tooMany = Array.from({ length: 21 }, () => ({ kind: "accept_cookies" }));
    for (const browserSteps of [
      tooMany,
      [{ kind: "click", selector: "x".repeat(501) }],
      [{ kind: "run_script", code: "alert(1)" }],
      [{ kind: "goto", url: "file:///etc/passwd" }],
      [{ kind: "wait_for_text", text: "x", timeoutMs: 600_000 }],
      [{ kind: "wait_for_network_idle", timeoutMs: 500 }],
    ]) {
      const res = await call(owner.auth, "POST", "/monitors", {
        url: site.url("/login"),
        frequency: "1d",
        watch: ["text"],
        browserSteps,
      });
      expect(res.status).toBe(400);
    }
  });
});
