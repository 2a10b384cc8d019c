import { changeDetailSchema, checkSchema, monitorSchema } from "@changeradar/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckWorker } from "../../src/checks/check-worker";
import {
  changeCount,
  checkCount,
  checkOnce,
  manualWorker,
  notificationTypes,
} from "../monitors/support/checks";
import { type PageServer, startPageServer } from "../monitors/support/page-server";
import { eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let pages: PageServer;
let worker: CheckWorker;

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
  worker = manualWorker(t.database.handle.db);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await pages.close();
});

const sitemap = (...paths: string[]) => ({
  contentType: "application/xml",
  body: `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map((path) => `<url><loc>${pages.url(path)}</loc></url>`)
    .join("")}</urlset>`,
});
const linking = (...paths: string[]) =>
  `<html><body><nav>${paths.map((p) => `<a href="${p}">${p}</a>`).join("")}</nav></body></html>`;

async function createSiteMonitor(body: Record<string, unknown>) {
  const owner = await t.signUp("Business");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/monitors",
    headers: owner.auth,
    payload: { frequency: "1d", watch: ["text"], ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  const monitor = monitorSchema.parse(res.json());
  await eventually(
    () => checkCount(t.database.handle.db, monitor.id),
    (n) => n === 1,
  );
  return { owner, monitor };
}

const get = (auth: { authorization: string }, url: string) =>
  t.app.inject({ method: "GET", url, headers: auth });

describe("a site monitor reading a sitemap", () => {
  it("reports a page added and one removed as one change naming both, through the normal alert path", async () => {
    pages.set("/shop/sitemap.xml", sitemap("/shop/", "/shop/a", "/shop/b"));
    const { owner, monitor } = await createSiteMonitor({
      url: pages.url("/shop/sitemap.xml"),
      mode: "sitemap",
    });
    expect(monitor).toMatchObject({
      mode: "sitemap",
      maxPages: 500,
      crawlDepth: null,
      watch: ["new_content"],
    });
    const db = t.database.handle.db;
    const first = monitorSchema.parse((await get(owner.auth, `/api/v1/monitors/${monitor.id}`)).json());
    expect(first.latest?.title).toBe("3 pages");

    await checkOnce(db, worker, monitor.id);
    expect(await changeCount(db, monitor.id)).toBe(0);

    pages.set("/shop/sitemap.xml", sitemap("/shop/", "/shop/a", "/shop/c"));
    await checkOnce(db, worker, monitor.id);
    const list = (await get(owner.auth, `/api/v1/monitors/${monitor.id}/changes`)).json();
    expect(list.total).toBe(1);
    const detail = changeDetailSchema.parse(
      (await get(owner.auth, `/api/v1/changes/${list.items[0].id}`)).json(),
    );
    expect(detail.summary).toBe("1 page added, 1 removed");
    expect(detail.kinds).toEqual(["new_content"]);
    expect(detail.items.added.map((i) => i.url)).toEqual([pages.url("/shop/c")]);
    expect(detail.items.removed.map((i) => i.url)).toEqual([pages.url("/shop/b")]);
    expect(detail.textDiff.filter((line) => line.op !== "equal")).toEqual([
      expect.objectContaining({ op: "remove", before: pages.url("/shop/b") }),
      expect.objectContaining({ op: "add", after: pages.url("/shop/c") }),
    ]);
    expect(await notificationTypes(db, monitor.id)).toEqual(["change"]);
    // Only the sitemap (and robots.txt) is fetched: the pages it lists are not.
    expect(pages.hits("/shop/b")).toBe(0);
    expect(pages.hits("/shop/c")).toBe(0);

    // The same pages listed in another order are no change.
    pages.set("/shop/sitemap.xml", sitemap("/shop/c", "/shop/", "/shop/a"));
    await checkOnce(db, worker, monitor.id);
    expect(await changeCount(db, monitor.id)).toBe(1);
  });

  it("a sitemap that fails is a check error, never a site whose pages were all removed", async () => {
    pages.set("/down/sitemap.xml", sitemap("/down/a"));
    const { owner, monitor } = await createSiteMonitor({
      url: pages.url("/down/sitemap.xml"),
      mode: "sitemap",
    });
    pages.set("/down/sitemap.xml", { status: 503, body: "busy" });
    const db = t.database.handle.db;
    await checkOnce(db, worker, monitor.id);
    const checks = (await get(owner.auth, `/api/v1/monitors/${monitor.id}/checks`)).json();
    expect(checks.items.map((c: unknown) => checkSchema.parse(c).status)).toEqual(["error", "unchanged"]);
    expect(await changeCount(db, monitor.id)).toBe(0);
  });
});

describe("a site monitor crawling from a start page", () => {
  it("finds pages by their links within the host, to its depth, and reports a new one", async () => {
    pages.set("/blog/", linking("/blog/one", "/blog/two"));
    pages.set("/blog/one", linking("/blog/deep"));
    pages.set("/blog/two", linking());
    pages.set("/blog/deep", linking("/blog/deeper"));
    const { owner, monitor } = await createSiteMonitor({
      url: pages.url("/blog/"),
      mode: "crawl",
      crawlDepth: 2,
      maxPages: 20,
    });
    expect(monitor).toMatchObject({ mode: "crawl", maxPages: 20, crawlDepth: 2 });
    expect(pages.hits("/blog/deeper")).toBe(0);
    pages.set("/blog/two", linking("/blog/three"));
    pages.set("/blog/three", linking());
    const db = t.database.handle.db;
    await checkOnce(db, worker, monitor.id);
    const list = (await get(owner.auth, `/api/v1/monitors/${monitor.id}/changes`)).json();
    expect(list.items.map((c: { summary: string }) => c.summary)).toEqual(["1 page added"]);
  });
});

describe("site monitor input", () => {
  it("refuses a crawl past its page cap, an unknown mode and bad depths, with the field named", async () => {
    const owner = await t.signUp("Business");
    const cases: [Record<string, unknown>, string][] = [
      [{ mode: "crawl", maxPages: 51 }, "maxPages"],
      [{ mode: "sitemap", maxPages: 501 }, "maxPages"],
      [{ mode: "everything" }, "mode"],
      [{ mode: "crawl", crawlDepth: 4 }, "crawlDepth"],
      [{ mode: "crawl", crawlDepth: 1.5 }, "crawlDepth"],
    ];
    for (const [body, field] of cases) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/monitors",
        headers: owner.auth,
        payload: { url: pages.url("/x"), frequency: "1d", watch: ["text"], ...body },
      });
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().errors[0].path).toBe(field);
    }
  });

  it("turns a page monitor into a site monitor with a fresh baseline", async () => {
    pages.set("/turn/sitemap.xml", sitemap("/turn/a"));
    const { owner, monitor } = await createSiteMonitor({ url: pages.url("/turn/sitemap.xml") });
    expect(monitor).toMatchObject({ mode: "page", maxPages: null, crawlDepth: null });
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/monitors/${monitor.id}`,
      headers: owner.auth,
      payload: { mode: "sitemap", maxPages: 100 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mode: "sitemap", maxPages: 100, watch: ["new_content"] });
    await eventually(
      () => get(owner.auth, `/api/v1/monitors/${monitor.id}`).then((r) => r.json().latest?.title),
      (title) => title === "1 page",
    );
  });
});
