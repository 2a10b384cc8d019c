import { changeDetailSchema, monitorSchema } from "@changeradar/contracts";
import { type BrowserPool, createBrowserPool } from "@changeradar/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CheckWorker, createCheckWorker } from "../../src/checks/check-worker";
import { checkCount, checkOnce, testTiming } from "../monitors/support/checks";
import { type PageServer, startPageServer } from "../monitors/support/page-server";
import { eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let pages: PageServer;
let pool: BrowserPool;
let worker: CheckWorker;

const coloured = (colour: string, text: string) =>
  `<!doctype html><html><head><title>Banner</title><style>body{margin:0}div{height:400px;background:${colour}}</style></head>
<body><div></div><p id="msg"></p><script>document.getElementById("msg").textContent = ${JSON.stringify(text)};</script></body></html>`;

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
  pool = createBrowserPool({ allowPrivateTargets: true, executablePath: t.config.chromiumPath });
  worker = createCheckWorker({
    db: t.database.handle.db,
    fetch: { allowPrivateTargets: true, browserPool: pool, totalTimeoutMs: 30_000 },
    timing: testTiming,
    schedule: false,
  });
  worker.start();
});
afterAll(async () => {
  await worker.stop();
  await pool.close();
  await t.close();
  await pages.close();
});

describe("rendered monitors", () => {
  it("store screenshots and give a change with before, after and pixel-diff PNGs", {
    timeout: 180_000,
  }, async () => {
    pages.set("/banner", coloured("#1e40af", "Written by JavaScript: spring sale"));
    const owner = await t.signUp("Business");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: owner.auth,
      payload: {
        url: pages.url("/banner"),
        frequency: "1d",
        watch: ["visual", "text"],
        renderJs: true,
        sensitivity: 100,
      },
    });
    const monitor = monitorSchema.parse(created.json());
    const db = t.database.handle.db;
    await eventually(
      () => checkCount(db, monitor.id),
      (n) => n === 1,
      120_000,
    );

    pages.set("/banner", coloured("#dc2626", "Written by JavaScript: summer sale"));
    await checkOnce(db, worker, monitor.id);
    const changes = (
      await t.app.inject({
        method: "GET",
        url: `/api/v1/monitors/${monitor.id}/changes`,
        headers: owner.auth,
      })
    ).json();
    expect(changes.total).toBe(1);
    const detail = changeDetailSchema.parse(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/v1/changes/${changes.items[0].id}`,
          headers: owner.auth,
        })
      ).json(),
    );
    expect(detail.kinds).toEqual(expect.arrayContaining(["visual", "text"]));
    expect(detail.textDiff.some((line) => line.after?.includes("summer sale"))).toBe(true);
    expect(detail.screenshots?.diffPercent).toBeGreaterThan(0);
    for (const url of [detail.screenshots?.before, detail.screenshots?.after, detail.screenshots?.diff]) {
      expect(url).toMatch(/^\/api\/v1\/blobs\/[0-9a-f]{64}$/);
      const image = await t.app.inject({ method: "GET", url: url as string, headers: owner.auth });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/png");
      expect(image.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    }
  });
});
