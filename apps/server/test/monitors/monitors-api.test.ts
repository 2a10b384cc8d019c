import { monitorSchema, pageOf, previewSchema } from "@changeradar/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channels } from "../../src/db/schema/alerts";
import { type PageServer, productPage, startPageServer } from "./support/page-server";
import { startTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let pages: PageServer;

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
  pages.set("/a", productPage());
  pages.set("/b", productPage({ title: "Bolt" }));
});
afterAll(async () => {
  await t.close();
  await pages.close();
});

const create = (auth: { authorization: string }, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/v1/monitors", headers: auth, payload: body });

describe("monitors API", () => {
  it("walks 401 → 400 → 201 → 200 and answers in the contract's shape", async () => {
    const owner = await t.signUp("Business");
    expect((await t.app.inject({ method: "GET", url: "/api/v1/monitors" })).statusCode).toBe(401);

    const bad = await create(owner.auth, { url: "ftp://example.com", frequency: "1d", watch: ["text"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: "url" });
    const noWatch = await create(owner.auth, { url: pages.url("/a"), frequency: "1d", watch: [] });
    expect(noWatch.json().message).toBe("Choose at least one thing to watch");

    const created = await create(owner.auth, {
      url: pages.url("/a"),
      frequency: "1h",
      watch: ["price", "text"],
      tags: ["shop"],
    });
    expect(created.statusCode).toBe(201);
    const monitor = monitorSchema.parse(created.json());
    expect(monitor).toMatchObject({
      url: pages.url("/a"),
      name: "127.0.0.1/a",
      frequency: "1h",
      paused: false,
      tags: ["shop"],
    });

    const read = await t.app.inject({
      method: "GET",
      url: `/api/v1/monitors/${monitor.id}`,
      headers: owner.auth,
    });
    expect(monitorSchema.parse(read.json()).id).toBe(monitor.id);
  });

  it("filters, sorts and pages the list", async () => {
    const owner = await t.signUp("Business");
    const ids: string[] = [];
    for (const [name, watch, tags] of [
      ["Charlie", ["text"], ["news"]],
      ["alpha", ["price"], ["shop"]],
      ["Bravo", ["price", "stock"], ["shop", "deals"]],
    ] as const) {
      const res = await create(owner.auth, {
        url: pages.url("/b"),
        name,
        frequency: "1d",
        watch,
        tags,
        paused: true,
      });
      ids.push(res.json().id);
    }
    await t.app.inject({ method: "POST", url: `/api/v1/monitors/${ids[0]}/resume`, headers: owner.auth });
    const list = async (query: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/v1/monitors?${query}`,
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(200);
      return pageOf(monitorSchema).parse(res.json());
    };
    // Default order: needing attention first (ok before paused), then by name.
    expect((await list("")).items.map((m) => m.name)).toEqual(["Charlie", "alpha", "Bravo"]);
    expect((await list("kind=price")).items.map((m) => m.name)).toEqual(["alpha", "Bravo"]);
    expect((await list("tag=deals")).items.map((m) => m.name)).toEqual(["Bravo"]);
    expect((await list("search=brav")).items.map((m) => m.name)).toEqual(["Bravo"]);
    expect((await list("status=paused")).total).toBe(2);
    const page2 = await list("pageSize=2&page=2");
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items).toHaveLength(1);
    expect((await list("sort=nextCheckAt")).items).toHaveLength(3);
    const badSort = await t.app.inject({
      method: "GET",
      url: "/api/v1/monitors?sort=name",
      headers: owner.auth,
    });
    expect(badSort.statusCode).toBe(400);

    const tags = await t.app.inject({ method: "GET", url: "/api/v1/tags", headers: owner.auth });
    expect(tags.json().items).toEqual([
      { name: "shop", count: 2 },
      { name: "deals", count: 1 },
      { name: "news", count: 1 },
    ]);
  });

  it("updates, pauses, resumes and deletes", async () => {
    const owner = await t.signUp("Pro");
    const { id } = (
      await create(owner.auth, { url: pages.url("/a"), frequency: "1d", watch: ["text"] })
    ).json();
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/monitors/${id}`,
      headers: owner.auth,
      payload: { name: "Renamed", frequency: "6h", ignore: ["Visitors today"] },
    });
    expect(patched.json()).toMatchObject({ name: "Renamed", frequency: "6h", ignore: ["Visitors today"] });
    const paused = await t.app.inject({
      method: "POST",
      url: `/api/v1/monitors/${id}/pause`,
      headers: owner.auth,
    });
    expect(paused.json()).toMatchObject({ paused: true, status: "paused", nextCheckAt: null });
    const resumed = await t.app.inject({
      method: "POST",
      url: `/api/v1/monitors/${id}/resume`,
      headers: owner.auth,
    });
    expect(resumed.json().paused).toBe(false);
    const badRule = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/monitors/${id}`,
      headers: owner.auth,
      payload: { ignore: ["/(a)\\1/"] },
    });
    expect(badRule.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/v1/monitors/${id}`, headers: owner.auth }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/v1/monitors/${id}`, headers: owner.auth })).statusCode,
    ).toBe(404);
  });

  it("rate-limits check now", async () => {
    const owner = await t.signUp("Business");
    const { id } = (
      await create(owner.auth, { url: pages.url("/a"), frequency: "1d", watch: ["text"] })
    ).json();
    const first = await t.app.inject({
      method: "POST",
      url: `/api/v1/monitors/${id}/check`,
      headers: owner.auth,
    });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ queued: true });
    const second = await t.app.inject({
      method: "POST",
      url: `/api/v1/monitors/${id}/check`,
      headers: owner.auth,
    });
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toMatch(/checked a moment ago/);
  });

  it("imports a list of URLs and reports the bad ones", async () => {
    const owner = await t.signUp("Personal");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors/import",
      headers: owner.auth,
      payload: {
        urls: `${pages.url("/a")}\nnot a url\n${pages.url("/b")}\n`,
        frequency: "1d",
        watch: ["text"],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().created).toHaveLength(2);
    expect(res.json().errors).toEqual([
      { url: "not a url", message: "Enter a full web address starting with http:// or https://" },
    ]);
  });
});

describe("URLs and preview", () => {
  it("refuses private and loopback hosts unless ALLOW_PRIVATE_TARGETS is set", async () => {
    const owner = await t.signUp("Business");
    const strict = await t.startSibling({ ALLOW_PRIVATE_TARGETS: "false" });
    try {
      for (const url of [
        pages.url("/a"),
        "http://10.0.0.8/admin",
        "http://169.254.169.254/latest/meta-data/",
      ]) {
        // A site monitor's sitemap or start page (issue 13) passes the same guard as a page's address.
        for (const mode of ["page", "sitemap", "crawl"]) {
          const res = await fetch(`${strict.baseUrl}/api/v1/monitors`, {
            method: "POST",
            headers: { ...owner.auth, "content-type": "application/json" },
            body: JSON.stringify({ url, frequency: "1d", watch: ["text"], mode }),
          });
          expect({ url, mode, status: res.status }).toEqual({ url, mode, status: 400 });
          expect((await res.json()).errors[0].path).toBe("url");
        }
        // Browser steps (issue 13 §1): a step's "go to" on save, and "Run steps" for its page and each "go to".
        const guarded: [string, Record<string, unknown>, string][] = [
          [
            "/monitors",
            {
              url: "http://1.1.1.1/",
              frequency: "1d",
              watch: ["text"],
              browserSteps: [{ kind: "goto", url }],
            },
            "browserSteps",
          ],
          ["/monitors/steps/run", { url, steps: [{ kind: "accept_cookies" }] }, "url"],
          ["/monitors/steps/run", { url: "http://1.1.1.1/", steps: [{ kind: "goto", url }] }, "browserSteps"],
          // The screenshot picker (issue 13 §5) renders the page and its steps through the same guard.
          ["/monitors/picker/screenshot", { url }, "url"],
          [
            "/monitors/picker/screenshot",
            { url: "http://1.1.1.1/", steps: [{ kind: "goto", url }] },
            "browserSteps",
          ],
        ];
        for (const [path, body, field] of guarded) {
          const res = await fetch(`${strict.baseUrl}/api/v1${path}`, {
            method: "POST",
            headers: { ...owner.auth, "content-type": "application/json" },
            body: JSON.stringify(body),
          });
          expect({ url, path, status: res.status }).toEqual({ url, path, status: 400 });
          expect((await res.json()).errors[0].path).toBe(field);
        }
      }
      // The import (issue 13) runs every address through the same guard, in the dry run and the real run.
      const privateHosts = [
        pages.url("/a"),
        "http://10.0.0.8/admin",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/",
        "http://2130706433/",
      ];
      for (const dryRun of [true, false]) {
        const res = await fetch(`${strict.baseUrl}/api/v1/monitors/import`, {
          method: "POST",
          headers: { ...owner.auth, "content-type": "application/json" },
          body: JSON.stringify({
            file: { name: "urls.yaml", content: privateHosts.map((url) => `url: "${url}"`).join("\n---\n") },
            dryRun,
            frequency: "1d",
            watch: ["text"],
          }),
        });
        const result = await res.json();
        expect(result.planned).toEqual([]);
        expect(result.created).toEqual([]);
        expect(result.skipped.map((s: { reason: string }) => s.reason)).toEqual(
          privateHosts.map(() => "invalid_url"),
        );
      }
    } finally {
      await strict.close();
    }
  });

  it("previews what the engine finds on a page, with the HTML made inert", async () => {
    const owner = await t.signUp("Free");
    pages.set(
      "/preview",
      productPage({ extra: '<script>alert(1)</script><img src="/x.png" onerror="alert(2)">' }),
    );
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors/preview",
      headers: owner.auth,
      payload: { url: pages.url("/preview") },
    });
    expect(res.statusCode).toBe(200);
    const preview = previewSchema.parse(res.json());
    expect(preview).toMatchObject({
      title: "Acme Anvil",
      price: { amount: 24.99, currency: "USD" },
      availability: "in_stock",
    });
    expect(preview.suggestedWatch).toEqual(expect.arrayContaining(["price", "stock", "text"]));
    expect(preview.html).not.toMatch(/<script|onerror/i);
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors/preview",
      headers: owner.auth,
      payload: { url: pages.url("/missing") },
    });
    expect(missing.statusCode).toBe(400);
  });
});

describe("the preview's styles", () => {
  it("inlines the page's linked CSS stylesheets, sanitised, and leaves out what is not CSS", async () => {
    const owner = await t.signUp("Free");
    pages.set("/css/site.css", {
      body: "h1 { color: rgb(1, 2, 3); background: url(bg.png) } p { width: expression(alert(1)) }",
      contentType: "text/css",
    });
    pages.set("/css/fake.css", { body: "h2 { color: red }", contentType: "text/html" });
    pages.set(
      "/styled",
      productPage({
        extra: '<link rel="stylesheet" href="/css/site.css"><link rel="stylesheet" href="/css/fake.css">',
      }),
    );
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors/preview",
      headers: owner.auth,
      payload: { url: pages.url("/styled") },
    });
    const html = previewSchema.parse(res.json()).html ?? "";
    expect(html).toContain(
      `<style>h1 { color: rgb(1, 2, 3); background: url("${pages.url("/css/bg.png")}") }`,
    );
    expect(html).not.toMatch(/expression|h2 \{|<link/);
  });
});

describe("plan gates", () => {
  it("Free: a second monitor is refused naming Personal", async () => {
    const owner = await t.signUp("Free");
    expect(
      (await create(owner.auth, { url: pages.url("/a"), frequency: "1d", watch: ["text"] })).statusCode,
    ).toBe(201);
    const second = await create(owner.auth, { url: pages.url("/b"), frequency: "1d", watch: ["text"] });
    expect(second.statusCode).toBe(402);
    expect(second.json().message).toBe("Your Free plan allows 1 monitor. Upgrade to Personal to add more.");
  });

  it("Free: 12-hour checks need Personal, 15-minute checks need Business", async () => {
    const owner = await t.signUp("Free");
    const twelve = await create(owner.auth, { url: pages.url("/a"), frequency: "12h", watch: ["text"] });
    expect(twelve.statusCode).toBe(402);
    expect(twelve.json().message).toBe(
      "Checking every 12 hours needs the Personal plan or higher. Upgrade to use it.",
    );
    const fifteen = await create(owner.auth, { url: pages.url("/a"), frequency: "15m", watch: ["text"] });
    expect(fifteen.json().message).toBe(
      "Checking every 15 minutes needs the Business plan. Upgrade to use it.",
    );
    const { id } = (
      await create(owner.auth, { url: pages.url("/a"), frequency: "1w", watch: ["text"] })
    ).json();
    const faster = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/monitors/${id}`,
      headers: owner.auth,
      payload: { frequency: "1h" },
    });
    expect(faster.json().message).toBe(
      "Checking every hour needs the Pro plan or higher. Upgrade to use it.",
    );
  });

  it("channels the plan does not allow are refused naming the plan that does", async () => {
    const owner = await t.signUp("Personal");
    const [webhook] = await t.database.handle.db
      .insert(channels)
      .values({
        userId: owner.id,
        type: "webhook",
        name: "Hook",
        config: { url: "https://example.com/hook" },
      })
      .returning();
    const res = await create(owner.auth, {
      url: pages.url("/a"),
      frequency: "1d",
      watch: ["text"],
      channelIds: [webhook.id],
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe("Webhook alerts need the Pro plan or higher. Upgrade to use them.");
    const stranger = await t.signUp("Business");
    const foreign = await create(stranger.auth, {
      url: pages.url("/a"),
      frequency: "1d",
      watch: ["text"],
      channelIds: [webhook.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe("Unknown alert channel");
  });
});
