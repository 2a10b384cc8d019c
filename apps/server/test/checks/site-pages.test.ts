import { changeDetailSchema, type Monitor, monitorSchema } from "@changeradar/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CheckWorker, createCheckWorker } from "../../src/checks/check-worker";
import { systemClock } from "../../src/clock";
import { monitors } from "../../src/db/schema/monitors";
import { users } from "../../src/db/schema/users";
import { changePlan } from "../../src/entitlements";
import { checkPlanGate } from "../../src/entitlements/check-gate";
import {
  changeCount,
  checkCount,
  checkOnce,
  notificationTypes,
  testTiming,
  unpacedSites,
} from "../monitors/support/checks";
import { type PageServer, startPageServer } from "../monitors/support/page-server";
import { eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let pages: PageServer;
let worker: CheckWorker;

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
  const db = t.database.handle.db;
  // The checks as the app runs them, the plan's check-time gates included; one check when told.
  worker = createCheckWorker({
    db,
    fetch: {
      allowPrivateTargets: true,
      browserPool: null,
      totalTimeoutMs: 1500,
      site: unpacedSites,
      planGate: checkPlanGate(db, systemClock),
    },
    timing: testTiming,
    schedule: false,
    stopGraceMs: 100,
  });
  worker.start();
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await pages.close();
});

const xml = (body: string) => ({
  contentType: "application/xml",
  body: `<?xml version="1.0" encoding="UTF-8"?>${body}`,
});
const urlset = (...paths: string[]) =>
  xml(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${pages.url(p)}</loc></url>`).join("")}</urlset>`,
  );
const sitemapIndex = (...paths: string[]) =>
  xml(
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<sitemap><loc>${pages.url(p)}</loc></sitemap>`).join("")}</sitemapindex>`,
  );
const article = (text: string) => `<html><body><main><h1>Article</h1><p>${text}</p></main></body></html>`;

type Auth = { authorization: string };
const request = (auth: Auth, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: auth, ...(payload ? { payload } : {}) });

async function createSite(auth: Auth, body: Record<string, unknown>): Promise<Monitor> {
  const res = await request(auth, "POST", "/monitors", { frequency: "1d", watch: ["text"], ...body });
  expect(res.statusCode, res.body).toBe(201);
  const monitor = monitorSchema.parse(res.json());
  await eventually(
    () => checkCount(t.database.handle.db, monitor.id),
    (n) => n === 1,
  );
  return monitor;
}

async function watchedPages(auth: Auth, siteId: string): Promise<Monitor[]> {
  const res = await request(auth, "GET", `/monitors?site=${siteId}&pageSize=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((m: unknown) => monitorSchema.parse(m));
}

describe("watching each page of a site", () => {
  it("watches each page found with the site's settings: a content change names the page; a removed page is no longer watched", async () => {
    const db = t.database.handle.db;
    const owner = await t.signUp("Business");
    pages.set("/docs/sitemap.xml", urlset("/docs/a", "/docs/b"));
    pages.set("/docs/a", article("Version one of the install guide."));
    pages.set("/docs/b", article("The FAQ, as it was."));
    const site = await createSite(owner.auth, {
      url: pages.url("/docs/sitemap.xml"),
      mode: "sitemap",
      name: "Docs",
      watchPages: true,
      sensitivity: 10,
      ignore: ["Build \\d+"],
    });
    expect(site).toMatchObject({ watchPages: true, watch: ["text"], parentId: null, maxPages: 500 });

    const watched = await watchedPages(owner.auth, site.id);
    expect(watched.map((m) => m.url)).toEqual([pages.url("/docs/a"), pages.url("/docs/b")]);
    expect(watched[0]).toMatchObject({
      name: "Docs · /docs/a",
      parentId: site.id,
      mode: "page",
      watch: ["text"],
      sensitivity: 10,
      ignore: ["Build \\d+"],
      frequency: "1d",
    });
    // Listed under their site, not among the monitors the user made, and not counted toward the plan.
    const all = (await request(owner.auth, "GET", "/monitors")).json();
    expect(all.items.map((m: Monitor) => m.id)).toEqual([site.id]);
    // Another user asking for this site's pages gets none (IDOR).
    const stranger = await t.signUp("Business");
    const theirs = (await request(stranger.auth, "GET", `/monitors?site=${site.id}`)).json();
    expect({ items: theirs.items, total: theirs.total }).toEqual({ items: [], total: 0 });

    const [pageA, pageB] = watched;
    await checkOnce(db, worker, pageA.id);
    await checkOnce(db, worker, pageB.id);
    pages.set("/docs/a", article("Version two of the install guide, with a new step."));
    await checkOnce(db, worker, pageA.id);
    const changes = (await request(owner.auth, "GET", `/monitors/${pageA.id}/changes`)).json();
    expect(changes.total).toBe(1);
    const detail = changeDetailSchema.parse(
      (await request(owner.auth, "GET", `/changes/${changes.items[0].id}`)).json(),
    );
    expect(detail.monitor).toMatchObject({ name: "Docs · /docs/a", url: pages.url("/docs/a"), mode: "page" });
    expect(await notificationTypes(db, pageA.id)).toEqual(["change"]);
    expect(await changeCount(db, site.id)).toBe(0);

    // A page of the site is changed through its site monitor only.
    const edit = await request(owner.auth, "PATCH", `/monitors/${pageA.id}`, { sensitivity: 90 });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(
      'This page is watched as part of the site monitor "Docs": change, pause or delete that monitor instead.',
    );
    expect((await request(owner.auth, "DELETE", `/monitors/${pageA.id}`)).statusCode).toBe(400);
    // The site's settings are its pages' settings.
    const saved = await request(owner.auth, "PATCH", `/monitors/${site.id}`, {
      sensitivity: 70,
      watch: ["text", "price"],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await watchedPages(owner.auth, site.id)).map((m) => [m.sensitivity, m.watch])).toEqual([
      [70, ["text", "price"]],
      [70, ["text", "price"]],
    ]);
    // Renamed, the site renames its pages: their names carry it.
    const renamed = await request(owner.auth, "PATCH", `/monitors/${site.id}`, { name: "Handbook" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await watchedPages(owner.auth, site.id)).map((m) => m.name).sort()).toEqual([
      "Handbook · /docs/a",
      "Handbook · /docs/b",
    ]);

    pages.set("/docs/sitemap.xml", urlset("/docs/a"));
    await checkOnce(db, worker, site.id);
    const siteChanges = (await request(owner.auth, "GET", `/monitors/${site.id}/changes`)).json();
    expect(siteChanges.items.map((c: { summary: string }) => c.summary)).toEqual(["1 page removed"]);
    expect((await watchedPages(owner.auth, site.id)).map((m) => m.id)).toEqual([pageA.id]);

    // Watching turned off: the pages are no longer watched; the site still reports pages coming and going.
    const off = await request(owner.auth, "PATCH", `/monitors/${site.id}`, { watchPages: false });
    expect(off.json()).toMatchObject({ watchPages: false, watch: ["new_content"] });
    expect(await watchedPages(owner.auth, site.id)).toEqual([]);
  });

  it("a site's pages pause and resume with it, are not checked on a plan that watches none, and go with the site", async () => {
    const owner = await t.signUp("Pro");
    pages.set("/pause/sitemap.xml", urlset("/pause/a", "/pause/b"));
    pages.set("/pause/a", article("Hello."));
    const site = await createSite(owner.auth, {
      url: pages.url("/pause/sitemap.xml"),
      mode: "sitemap",
      watchPages: true,
    });
    // Pro watches up to 100 pages of a site: the page cap defaults to it.
    expect(site.maxPages).toBe(100);
    await request(owner.auth, "POST", `/monitors/${site.id}/pause`);
    expect((await watchedPages(owner.auth, site.id)).map((m) => m.paused)).toEqual([true, true]);
    // Paused long enough for its pages to fall due: resumed, they are read one after the other.
    await t.database.handle.db
      .update(monitors)
      .set({ nextCheckAt: new Date(Date.now() - 86_400_000) })
      .where(eq(monitors.parentId, site.id));
    await request(owner.auth, "POST", `/monitors/${site.id}/resume`);
    const resumed = await watchedPages(owner.auth, site.id);
    expect(resumed.map((m) => m.paused)).toEqual([false, false]);
    const due = resumed.map((m) => Date.parse(m.nextCheckAt ?? "")).sort();
    expect(due[1] - due[0]).toBeGreaterThanOrEqual(1000);
    expect(due[0]).toBeGreaterThan(Date.now() - 60_000);
    const [page] = await watchedPages(owner.auth, site.id);
    // Down to a plan that watches no site's pages: they are kept, but not checked, and say why.
    const db = t.database.handle.db;
    const [user] = await db.select().from(users).where(eq(users.id, owner.id));
    await db.transaction((tx) =>
      changePlan(tx, user, { planType: "Free", planStatus: "active" }, new Date()),
    );
    await checkOnce(db, worker, page.id);
    expect((await request(owner.auth, "GET", `/monitors/${page.id}`)).json().lastError).toBe(
      "Not checked on your plan: watching each page of a site needs the Personal plan or higher. Upgrade to watch its pages again; the site's pages added and removed are still reported.",
    );
    expect((await request(owner.auth, "DELETE", `/monitors/${site.id}`)).statusCode).toBe(204);
    expect((await request(owner.auth, "GET", `/monitors/${page.id}`)).statusCode).toBe(404);
  });
});

describe("a site's watched pages after a downgrade to fewer pages per site", () => {
  it("keeps the first pages found watched up to the new plan's count, and says why the others wait", async () => {
    const owner = await t.signUp("Pro");
    const paths = Array.from({ length: 27 }, (_, i) => `/fewer/p${i}`);
    pages.set("/fewer/sitemap.xml", urlset(...paths));
    for (const path of paths) pages.set(path, article(`Page ${path}.`));
    const site = await createSite(owner.auth, {
      url: pages.url("/fewer/sitemap.xml"),
      mode: "sitemap",
      watchPages: true,
    });
    const db = t.database.handle.db;
    const found = await db
      .select({ id: monitors.id })
      .from(monitors)
      .where(eq(monitors.parentId, site.id))
      .orderBy(monitors.createdAt, monitors.id);
    expect(found).toHaveLength(27);
    const [user] = await db.select().from(users).where(eq(users.id, owner.id));
    // Personal watches 25 pages per site: the 25th found is still checked, the 26th is not.
    await db.transaction((tx) =>
      changePlan(tx, user, { planType: "Personal", planStatus: "active" }, new Date()),
    );
    await checkOnce(db, worker, found[24].id);
    expect((await request(owner.auth, "GET", `/monitors/${found[24].id}`)).json().lastError).toBeNull();
    await checkOnce(db, worker, found[25].id);
    expect((await request(owner.auth, "GET", `/monitors/${found[25].id}`)).json().lastError).toBe(
      "Not checked on your plan: your Personal plan watches the first 25 pages found on a site, and this is page 26. Watching 26 pages needs the Pro plan or higher; the site's pages added and removed are still reported.",
    );
  });
});

describe("a site's limits by plan", () => {
  it("refuses, at save time, a page cap, a depth or per-page watching beyond the plan, naming the plan that allows it", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [
        "Free",
        { mode: "sitemap", maxPages: 100 },
        "Listing 100 pages of a site needs the Personal plan or higher; your Free plan lists up to 50. Lower the page cap or upgrade.",
      ],
      [
        "Free",
        { mode: "crawl", crawlDepth: 2 },
        "Following links 2 steps deep needs the Personal plan or higher; your Free plan follows 1 step. Lower the depth or upgrade.",
      ],
      [
        "Free",
        { mode: "sitemap", watchPages: true },
        "Watching each page's content needs the Personal plan or higher. Upgrade to use it.",
      ],
      [
        "Pro",
        { mode: "sitemap", maxPages: 300, watchPages: true },
        "Watching the content of 300 pages needs the Business plan; your Pro plan watches up to 100 pages per site. Lower the page cap to 100 or upgrade.",
      ],
    ];
    for (const [plan, body, message] of cases) {
      const owner = await t.signUp(plan as "Free" | "Pro");
      const res = await request(owner.auth, "POST", "/monitors", {
        url: pages.url("/limits/sitemap.xml"),
        frequency: "1d",
        watch: ["text"],
        ...body,
      });
      expect({ body, status: res.statusCode, message: res.json().message }).toEqual({
        body,
        status: 402,
        message,
      });
    }
  });

  it("defaults a site's bounds to what the plan allows, and refuses raising them on edit", async () => {
    const owner = await t.signUp("Free");
    pages.set("/free/sitemap.xml", urlset("/free/a"));
    const site = await createSite(owner.auth, { url: pages.url("/free/sitemap.xml"), mode: "crawl" });
    expect(site).toMatchObject({ maxPages: 50, crawlDepth: 1, watchPages: false });
    const res = await request(owner.auth, "PATCH", `/monitors/${site.id}`, { watchPages: true });
    expect(res.statusCode).toBe(402);
    expect((await request(owner.auth, "GET", `/monitors/${site.id}`)).json().watchPages).toBe(false);
  });
});

describe("a page missing from an incomplete read of the site", () => {
  it("is not reported when the read comes back whole at the next check; missing twice in a row, it is", async () => {
    const db = t.database.handle.db;
    const owner = await t.signUp("Business");
    pages.set("/flaky/sitemap.xml", sitemapIndex("/flaky/pages.xml", "/flaky/posts.xml"));
    pages.set("/flaky/pages.xml", urlset("/flaky/"));
    pages.set("/flaky/posts.xml", urlset("/flaky/post-1", "/flaky/post-2"));
    const site = await createSite(owner.auth, { url: pages.url("/flaky/sitemap.xml"), mode: "sitemap" });
    const summaries = async () =>
      (await request(owner.auth, "GET", `/monitors/${site.id}/changes`))
        .json()
        .items.map((c: { summary: string }) => c.summary);

    // One sitemap file of the index answers 404 once: its pages are held, nothing is reported.
    pages.set("/flaky/posts.xml", { status: 404, body: "gone for a moment" });
    await checkOnce(db, worker, site.id);
    pages.set("/flaky/posts.xml", urlset("/flaky/post-1", "/flaky/post-2"));
    await checkOnce(db, worker, site.id);
    expect(await summaries()).toEqual([]);
    expect(await notificationTypes(db, site.id)).toEqual([]);

    // Missing at two checks in a row: removed, once.
    pages.set("/flaky/posts.xml", { status: 404, body: "gone" });
    await checkOnce(db, worker, site.id);
    expect(await summaries()).toEqual([]);
    await checkOnce(db, worker, site.id);
    expect(await summaries()).toEqual(["2 pages removed"]);
    await checkOnce(db, worker, site.id);
    expect(await summaries()).toEqual(["2 pages removed"]);
    // And back later: reported as added.
    pages.set("/flaky/posts.xml", urlset("/flaky/post-1", "/flaky/post-2"));
    await checkOnce(db, worker, site.id);
    expect(await summaries()).toEqual(["2 pages added", "2 pages removed"]);
  });
});
