/**
 * Issue 10 §3 through the real API and check pipeline: one sensitivity scale (higher means fewer alerts)
 * with one default, settable by import; a stock that comes back is alerted; watching "visual" renders.
 */
import { defaultSensitivity, monitorSchema } from "@changeradar/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckWorker } from "../../src/checks/check-worker";
import { changeCount, checkCount, checkOnce, manualWorker } from "./support/checks";
import { type PageServer, startPageServer } from "./support/page-server";
import { eventually, startTestApp, type TestApp } from "./support/test-app";

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

/** A product page with a long description, a stock flag in its structured data and a visible stock line. */
function shopPage(options: { word?: string; inStock?: boolean } = {}): string {
  const inStock = options.inStock ?? true;
  const lines = Array.from(
    { length: 80 },
    (_, i) => `<p>Paragraph ${i} about the ${i === 40 ? (options.word ?? "sturdy") : "sturdy"} anvil.</p>`,
  ).join("");
  return `<!doctype html><html><head><title>Anvil</title><script type="application/ld+json">{"@context":"https://schema.org",
"@type":"Product","name":"Anvil","offers":{"@type":"Offer","price":"24.99","priceCurrency":"USD",
"availability":"https://schema.org/${inStock ? "InStock" : "OutOfStock"}"}}</script></head><body><h1>Anvil</h1>
<p class="price">$24.99</p><p class="stock">${inStock ? "In stock" : "Out of stock"}</p>${lines}</body></html>`;
}

const post = (auth: { authorization: string }, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url, headers: auth, payload });

async function monitorOn(path: string, body: Record<string, unknown>) {
  const owner = await t.signUp("Business");
  const res = await post(owner.auth, "/api/v1/monitors", {
    url: pages.url(path),
    frequency: "1d",
    ...body,
  });
  expect(res.statusCode).toBe(201);
  const monitor = monitorSchema.parse(res.json());
  await eventually(
    () => checkCount(t.database.handle.db, monitor.id),
    (n) => n === 1,
  );
  return { owner, monitor };
}

describe("sensitivity: one scale, one default, higher means fewer alerts", () => {
  it("the API's default is the contracts' default; out of range is a clear 400", async () => {
    pages.set("/default", shopPage());
    const { owner, monitor } = await monitorOn("/default", { watch: ["text"] });
    expect(monitor.sensitivity).toBe(defaultSensitivity);
    const bad = await post(owner.auth, "/api/v1/monitors", {
      url: pages.url("/default"),
      frequency: "1d",
      watch: ["text"],
      sensitivity: 101,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      path: "sensitivity",
      msg: "Sensitivity must be a whole number from 0 to 100",
    });
  });

  it("at 0 a one-word edit alerts, at 100 it does not; a stock flip alerts at 100", async () => {
    const db = t.database.handle.db;
    pages.set("/any", shopPage());
    pages.set("/big", shopPage());
    pages.set("/default-edit", shopPage());
    const any = await monitorOn("/any", { watch: ["text", "stock"], sensitivity: 0 });
    const big = await monitorOn("/big", { watch: ["text", "stock"], sensitivity: 100 });
    const byDefault = await monitorOn("/default-edit", { watch: ["text", "stock"] });
    for (const path of ["/any", "/big", "/default-edit"]) pages.set(path, shopPage({ word: "zebracorn" }));
    for (const { monitor } of [any, big, byDefault]) await checkOnce(db, worker, monitor.id);
    expect(await changeCount(db, any.monitor.id)).toBe(1);
    expect(await changeCount(db, big.monitor.id)).toBe(0);
    // The default never hides a visible change.
    expect(await changeCount(db, byDefault.monitor.id)).toBe(1);

    pages.set("/big", shopPage({ word: "zebracorn", inStock: false }));
    await checkOnce(db, worker, big.monitor.id);
    expect(await changeCount(db, big.monitor.id)).toBe(1);
  });

  it("import sets the sensitivity (and defaults to the same default)", async () => {
    const owner = await t.signUp("Business");
    pages.set("/i1", shopPage());
    const imported = await post(owner.auth, "/api/v1/monitors/import", {
      urls: pages.url("/i1"),
      frequency: "1d",
      watch: ["text"],
      sensitivity: 80,
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().created[0].sensitivity).toBe(80);
    const plain = await post(owner.auth, "/api/v1/monitors/import", {
      urls: `${pages.url("/i1")}?again`,
      frequency: "1d",
      watch: ["text"],
    });
    expect(plain.json().created[0].sensitivity).toBe(defaultSensitivity);
    const bad = await post(owner.auth, "/api/v1/monitors/import", {
      urls: pages.url("/i1"),
      frequency: "1d",
      watch: ["text"],
      sensitivity: -1,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("facts that went back are alerted", () => {
  it("in stock → out of stock → back in stock is two changes, not one", async () => {
    const db = t.database.handle.db;
    pages.set("/restock", shopPage());
    const { monitor } = await monitorOn("/restock", { watch: ["stock"] });
    pages.set("/restock", shopPage({ inStock: false }));
    await checkOnce(db, worker, monitor.id);
    pages.set("/restock", shopPage({ inStock: true }));
    await checkOnce(db, worker, monitor.id);
    expect(await changeCount(db, monitor.id)).toBe(2);
  });
});

describe("watching Visual (screenshot) renders the page", () => {
  it("on create, on update, and even when the request says not to render", async () => {
    const owner = await t.signUp("Business");
    pages.set("/visual", shopPage());
    const created = await post(owner.auth, "/api/v1/monitors", {
      url: pages.url("/visual"),
      frequency: "1d",
      watch: ["visual"],
      renderJs: false,
      paused: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().renderJs).toBe(true);

    const plain = await post(owner.auth, "/api/v1/monitors", {
      url: pages.url("/visual"),
      frequency: "1d",
      watch: ["text"],
      paused: true,
    });
    expect(plain.json().renderJs).toBe(false);
    const updated = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/monitors/${plain.json().id}`,
      headers: owner.auth,
      payload: { watch: ["text", "visual"] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().renderJs).toBe(true);
    const refused = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/monitors/${plain.json().id}`,
      headers: owner.auth,
      payload: { renderJs: false },
    });
    expect(refused.json().renderJs).toBe(true);
  });
});
