import type { Demo, DemoChange } from "@changeradar/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckWorker } from "../../src/checks/check-worker";
import { checkPage } from "../../src/checks/page-check";
import { monitors } from "../../src/db/schema/monitors";
import { demoLocalPages } from "../../src/demo/demo.service";
import { insertMonitor } from "../../src/monitors/monitors.repository";
import { startTestServer, type TestServer } from "../helpers/server";
import { createAccount } from "../helpers/users";
import { testTiming } from "../monitors/support/checks";
import { eventually } from "../monitors/support/test-app";

/**
 * Issue 13 §5, "try it": a demo page ChangeRadar serves itself, changed on request. The server here keeps
 * the SSRF guard on (no ALLOW_PRIVATE_TARGETS) and its APP_URL (http://localhost:8080) is not even this
 * server: the demo monitor's checks can only succeed by reading the page in-process.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

async function firstCheckOf(user: { call: Awaited<ReturnType<typeof signUp>>["call"] }, monitorId: string) {
  await eventually(
    async () => (await user.call("GET", `/monitors/${monitorId}`)).body,
    (m) => m.lastCheckedAt !== null,
  );
}

async function signUp(plan: "Free" | "Pro" = "Free") {
  const user = await createAccount(t, { plan, verified: true });
  const auth = { authorization: `Bearer ${user.client.token}` };
  const call = async (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: auth,
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json() };
  };
  return { ...user, auth, call };
}

describe("try it on a demo page", () => {
  it("makes a monitor on the user's own page, checks it in-process, and a change of the page is a change", async () => {
    const user = await signUp();
    const started = await user.call("POST", "/demo");
    expect(started.status).toBe(200);
    const demo = started.body as Demo;
    expect(demo.url).toMatch(/^http:\/\/localhost:8080\/demo\/[A-Za-z0-9_-]{24}$/);
    expect(demo.version).toBe(0);
    const monitorId = demo.monitorId!;

    // The first check took the baseline from the page the server serves, not from the network.
    const first = await eventually(
      async () => (await user.call("GET", `/monitors/${monitorId}`)).body,
      (m) => m.lastCheckedAt !== null,
    );
    expect(first).toMatchObject({ url: demo.url, lastError: null, status: "ok" });

    const changed = await user.call("POST", "/demo/change");
    expect(changed.status).toBe(200);
    expect(changed.body as DemoChange).toMatchObject({
      version: 1,
      checking: true,
      changed: "The price went from $49.00 to $45.00.",
    });
    const history = await eventually(
      async () => (await user.call("GET", `/monitors/${monitorId}/changes`)).body,
      (page) => page.items.length === 1,
    );
    expect(history.items[0].summary).toMatch(/49\.00.*45\.00/);

    // The page as a browser sees it: the new price, kept out of search engines.
    const token = demo.url.split("/").at(-1);
    const page = await fetch(`${t.baseUrl}/demo/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await page.text();
    expect(html).toContain("$45.00");
    expect(html).toContain("In stock");
  });

  it("steps through price, stock and a new item; each step is a change of its own", async () => {
    const user = await signUp("Pro");
    const { monitorId } = (await user.call("POST", "/demo")).body as Demo;
    await firstCheckOf(user, monitorId!);
    const said: string[] = [];
    for (let step = 1; step <= 3; step++) {
      // A check in flight takes the next request as soon as it ends; wait for each change in turn.
      said.push(((await user.call("POST", "/demo/change")).body as DemoChange).changed);
      await eventually(
        async () => (await user.call("GET", `/monitors/${monitorId}/changes`)).body,
        (page) => page.items.length === step,
      );
    }
    expect(said).toEqual([
      "The price went from $49.00 to $45.00.",
      "The lamp is now out of stock.",
      "A new item arrived: Linen shade, sand.",
    ]);
  });

  it("is one monitor however often it is tried, and it leaves a Free plan's one monitor free", async () => {
    const user = await signUp("Free");
    const [a, b] = await Promise.all([user.call("POST", "/demo"), user.call("POST", "/demo")]);
    expect(a.body.monitorId).toBe(b.body.monitorId);
    // A page of the user's own (on a sibling that lets 127.0.0.1 through: nothing here resolves the web).
    const sibling = await t.startSibling({ ALLOW_PRIVATE_TARGETS: "true" });
    try {
      const mine = await fetch(`${sibling.baseUrl}/api/v1/monitors`, {
        method: "POST",
        headers: { ...user.auth, "content-type": "application/json" },
        body: JSON.stringify({ url: `${t.baseUrl}/`, frequency: "1d", watch: ["text"], paused: true }),
      });
      expect(mine.status, await mine.text()).toBe(201);
    } finally {
      await sibling.close();
    }
    const list = await user.call("GET", "/monitors");
    expect(list.body.total).toBe(2);
    const billing = await user.call("GET", "/billing");
    expect(billing.body.usage.monitors).toBe(1);
  });

  it("refuses a change before the demo was tried, a body, and an unknown page", async () => {
    const user = await signUp();
    expect(await user.call("POST", "/demo/change")).toMatchObject({ status: 404 });
    expect(await user.call("GET", "/demo")).toMatchObject({ status: 404 });
    expect(await user.call("POST", "/demo", { url: "http://169.254.169.254/" })).toMatchObject({
      status: 400,
    });
    for (const token of ["x", "A".repeat(24), "../../api/v1/health", "A".repeat(90)]) {
      const res = await fetch(`${t.baseUrl}/demo/${encodeURIComponent(token)}`);
      expect([token, res.status]).toEqual([token, 404]);
    }
    const anonymous = await fetch(`${t.baseUrl}/api/v1/demo/change`, { method: "POST" });
    expect(anonymous.status).toBe(401);
  });

  it("limits how often the page can be changed", async () => {
    const sibling = await t.startSibling({ RATE_LIMIT_SCALE: "0.1" });
    try {
      const user = await signUp();
      const { monitorId } = (await user.call("POST", "/demo")).body as Demo;
      await firstCheckOf(user, monitorId!);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${sibling.baseUrl}/api/v1/demo/change`, {
          method: "POST",
          headers: user.auth,
        });
        statuses.push(res.status);
      }
      // The second and third are accepted even while the first one's check runs; the fourth is over the limit.
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await sibling.close();
    }
  });
});

describe("a change while a check of the demo runs", () => {
  it("is accepted, and a check follows the one running, which finds the change", async () => {
    const user = await signUp();
    const { monitorId } = (await user.call("POST", "/demo")).body as Demo;
    await firstCheckOf(user, monitorId!);
    const db = t.database.handle.db;
    // A check of it holds its lease (as another worker does while checking).
    const hold = (leaseUntil: Date | null) =>
      db
        .update(monitors)
        .set({ leaseUntil, leaseOwner: leaseUntil ? "another-worker" : null })
        .where(eq(monitors.id, monitorId!));
    await hold(new Date(Date.now() + 60_000));
    const accepted = await user.call("POST", "/demo/change");
    expect(accepted).toMatchObject({ status: 200, body: { version: 1, checking: true } });
    // That check ends without seeing the change (its lease lapses): the monitor is due at once all the same,
    // and the scheduler (another worker, as on a `worker` node) checks it again.
    await hold(null);
    const scheduler = createCheckWorker({
      db,
      fetch: {
        allowPrivateTargets: false,
        browserPool: null,
        localPages: demoLocalPages({ db, config: t.config }),
      },
      timing: testTiming,
      idlePollMs: 100,
      stopGraceMs: 100,
    });
    scheduler.start();
    try {
      const changes = await eventually(
        async () => (await user.call("GET", `/monitors/${monitorId}/changes`)).body,
        (page) => page.items?.length === 1,
      );
      expect(changes.items[0].summary).toMatch(/price/i);
    } finally {
      await scheduler.stop();
    }
  });

  it("made before the first check has taken its baseline waits for it, so the change shows", async () => {
    const user = await signUp();
    const { monitorId } = (await user.call("POST", "/demo")).body as Demo;
    // At once: the monitor's first check has at best just started.
    const accepted = await user.call("POST", "/demo/change");
    expect(accepted).toMatchObject({ status: 200, body: { version: 1, checking: true } });
    const changes = await eventually(
      async () => (await user.call("GET", `/monitors/${monitorId}/changes`)).body,
      (page) => page.items?.length === 1,
    );
    expect(changes.items[0].summary).toMatch(/price/i);
  });
});

describe("the in-process page reaches only its owner's exact demo URL", () => {
  it("serves the owner's exact URL; another user's monitor on it, or a neighbour URL, meets the SSRF guard", async () => {
    const owner = await signUp();
    const other = await signUp();
    const demo = (await owner.call("POST", "/demo")).body as Demo;
    const db = t.database.handle.db;
    const settings = {
      allowPrivateTargets: false,
      browserPool: null,
      localPages: demoLocalPages({ db, config: t.config }),
    };
    const check = async (userId: string, url: string) => {
      const monitor = await insertMonitor(db, {
        userId,
        url,
        host: "localhost",
        name: url,
        frequency: "1d",
        watch: ["text"],
        paused: true,
      });
      return checkPage(monitor, async () => null, settings);
    };
    expect((await check(owner.id, demo.url)).kind).toBe("baseline");
    for (const [userId, url] of [
      [other.id, demo.url],
      [owner.id, `${demo.url}?x=1`],
      [owner.id, `${demo.url}x`],
      [owner.id, demo.url.replace("/demo/", "/demo/../demo/x")],
    ] as const) {
      const outcome = await check(userId, url);
      expect([url, outcome.kind, outcome.kind === "error" && outcome.error]).toEqual([
        url,
        "error",
        expect.stringMatching(/private|local|not allowed|blocked/i),
      ]);
    }
  });
});
