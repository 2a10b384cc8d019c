import { type Feed, feedSchema } from "@changeradar/contracts";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PageServer, productPage, startPageServer } from "../monitors/support/page-server";
import { seedChange } from "../monitors/support/seed-change";
import { startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let pages: PageServer;

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
  pages.set("/anvil", productPage());
  pages.set("/blog", productPage({ title: "Blog" }));
});
afterAll(async () => {
  await t.close();
  await pages.close();
});

type Auth = { authorization: string };

async function createMonitor(auth: Auth, path: string, name: string, tags: string[]) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/monitors",
    headers: auth,
    payload: { url: pages.url(path), name, frequency: "1d", watch: ["text"], tags },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function createFeed(auth: Auth, payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/v1/feeds", headers: auth, payload });
}

/** Fetched over real HTTP from the test server, whatever host APP_URL names. */
const fetchFeed = (address: string) => fetch(`${t.baseUrl}${new URL(address).pathname}`);

async function readFeed(address: string) {
  const res = await fetchFeed(address);
  expect(res.status).toBe(200);
  return new Parser().parseString(await res.text());
}

describe("private feeds of changes", () => {
  it("per account, per tag and per monitor, read by a real RSS and Atom parser", async () => {
    const owner = await t.signUp("Business");
    const anvil = await createMonitor(owner.auth, "/anvil", "Anvil", ["shop"]);
    const blog = await createMonitor(owner.auth, "/blog", "Blog", ["news"]);
    await seedChange(t, anvil, {
      summary: "Price fell",
      detectedAt: new Date(Date.now() - 60_000),
      after: "<script>alert(1)</script> now $19.99",
    });
    await seedChange(t, blog, { summary: "New post" });

    expect(
      (await t.app.inject({ method: "POST", url: "/api/v1/feeds", payload: { scope: "account" } }))
        .statusCode,
    ).toBe(401);
    const created = await createFeed(owner.auth, { scope: "account" });
    expect(created.statusCode).toBe(201);
    const account = feedSchema.parse(created.json());
    const again = await createFeed(owner.auth, { scope: "account" });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(account.id);

    const rss = await readFeed(account.rssUrl);
    expect(rss.title).toBe("ChangeRadar: all changes");
    expect(rss.items.map((i) => i.title)).toEqual(["Blog: New post", "Anvil: Price fell"]);
    expect(rss.items[1].link).toMatch(new RegExp(`/auth/mymonitors/${anvil}\\?change=`));
    // Page text is text in the reader, never markup.
    const html = String((rss.items[1] as Record<string, unknown>)["content:encoded"]);
    expect(html).toContain("<ins>&lt;script&gt;alert(1)&lt;/script&gt; now $19.99</ins>");
    expect(html).not.toContain("<script>");
    const atom = await readFeed(account.atomUrl);
    expect(atom.items.map((i) => i.title)).toEqual(["Blog: New post", "Anvil: Price fell"]);

    const head = await fetchFeed(account.rssUrl);
    expect(head.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(head.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");

    const tag = feedSchema.parse((await createFeed(owner.auth, { scope: "tag", tag: "shop" })).json());
    expect((await readFeed(tag.rssUrl)).items.map((i) => i.title)).toEqual(["Anvil: Price fell"]);
    const monitor = feedSchema.parse(
      (await createFeed(owner.auth, { scope: "monitor", monitorId: blog })).json(),
    );
    const monitorFeed = await readFeed(monitor.atomUrl);
    expect(monitorFeed.title).toBe("ChangeRadar: Blog");
    expect(monitorFeed.items.map((i) => i.title)).toEqual(["Blog: New post"]);

    const listed = await t.app.inject({ method: "GET", url: "/api/v1/feeds", headers: owner.auth });
    expect(listed.json().items.map((f: Feed) => f.scope)).toEqual(["account", "tag", "monitor"]);
    const forMonitor = await t.app.inject({
      method: "GET",
      url: `/api/v1/feeds?monitorId=${blog}`,
      headers: owner.auth,
    });
    expect(forMonitor.json().items.map((f: Feed) => f.id)).toEqual([monitor.id]);
  });

  it("rotating voids the old address (404); revoking answers 410; a forged address is 404", async () => {
    const owner = await t.signUp("Free");
    const id = await createMonitor(owner.auth, "/anvil", "Anvil", []);
    await seedChange(t, id, { summary: "Price fell" });
    const feed = feedSchema.parse((await createFeed(owner.auth, { scope: "monitor", monitorId: id })).json());
    const rotated = await t.app.inject({
      method: "POST",
      url: `/api/v1/feeds/${feed.id}/rotate`,
      headers: owner.auth,
    });
    const fresh = feedSchema.parse(rotated.json());
    expect(fresh.rssUrl).not.toBe(feed.rssUrl);
    expect((await fetchFeed(feed.rssUrl)).status).toBe(404);
    expect((await readFeed(fresh.rssUrl)).items).toHaveLength(1);

    const forged = fresh.rssUrl.replace(
      /\.([A-Za-z0-9_-]{32})\//,
      // The last character changed to one it is not (a fixed "A" forged nothing when the MAC ended in "A").
      (_m, mac: string) => `.${mac.slice(0, 31)}${mac.endsWith("A") ? "B" : "A"}/`,
    );
    expect(forged).not.toBe(fresh.rssUrl);
    expect((await fetchFeed(forged)).status).toBe(404);
    expect((await fetchFeed(fresh.rssUrl.replace(fresh.id, crypto.randomUUID()))).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/v1/feeds/not-a-token/rss.xml`)).status).toBe(404);

    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/feeds/${feed.id}`,
      headers: owner.auth,
    });
    expect(revoked.statusCode).toBe(204);
    const gone = await fetchFeed(fresh.rssUrl);
    expect(gone.status).toBe(410);
    expect((await gone.json()).message).toBe("This feed has been turned off.");
    const listed = await t.app.inject({ method: "GET", url: "/api/v1/feeds", headers: owner.auth });
    expect(listed.json().items).toEqual([]);
  });

  it("a feed of another user's monitor cannot be created", async () => {
    const owner = await t.signUp("Free");
    const other = await t.signUp("Free");
    const id = await createMonitor(owner.auth, "/anvil", "Anvil", []);
    expect((await createFeed(other.auth, { scope: "monitor", monitorId: id })).statusCode).toBe(404);
  });

  it("is rate-limited per address and feed (database-backed): 60 reads in 10 minutes, then 429", async () => {
    const owner = await t.signUp("Free");
    const strict = await t.startSibling({ RATE_LIMIT_SCALE: "1" });
    try {
      const feed = feedSchema.parse((await createFeed(owner.auth, { scope: "account" })).json());
      const path = new URL(feed.rssUrl).pathname;
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) statuses.push((await fetch(`${strict.baseUrl}${path}`)).status);
      expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
