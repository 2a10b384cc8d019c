import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pickerScreenshotSchema } from "@changeradar/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/test-app";

/**
 * A page whose content exists only once its script has run (the plain HTML is an empty shell), and one
 * that shows its details after a click.
 */
function startScriptedSite() {
  const html = (body: string) =>
    `<!doctype html><html><head><title>Shop</title></head><body style="margin:0">${body}</body></html>`;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/app.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end(`
        const card = document.createElement("section");
        card.className = "product";
        card.innerHTML = '<h1 class="name">Kettle</h1><p class="price" style="height:40px">Price: 42.00 EUR</p>';
        document.getElementById("root").append(card);`);
      return;
    }
    if (path === "/app") {
      res
        .writeHead(200, { "content-type": "text/html" })
        .end(html(`<div id="root"></div><script src="/app.js"></script>`));
      return;
    }
    if (path === "/more") {
      res.writeHead(200, { "content-type": "text/html" }).end(
        html(`<button id="open" onclick="document.getElementById('details').hidden = false">Details</button>
          <div id="details" hidden><p class="stock">In stock: 7</p></div>`),
      );
      return;
    }
    if (path === "/data.json") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"price": 42}');
      return;
    }
    res.writeHead(404).end();
  });
  return {
    listen: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)),
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let t: TestApp;
const site = startScriptedSite();

beforeAll(async () => {
  t = await startTestApp();
  await site.listen();
});
afterAll(async () => {
  await t?.close();
  await site.close();
});

async function screenshot(auth: { authorization: string }, body: unknown) {
  const res = await fetch(`${t.baseUrl}/api/v1/monitors/picker/screenshot`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe("the picker's screenshot", () => {
  it("renders a page built by its scripts and lists the boxes of what they built, with selectors", async () => {
    const owner = await t.signUp("Personal");
    const res = await screenshot(owner.auth, { url: site.url("/app") });
    expect(res.status).toBe(200);
    const shot = pickerScreenshotSchema.parse(res.body);
    expect(shot.screenshot).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(shot.width).toBe(1280);
    expect(shot.height).toBeGreaterThan(0);
    expect(shot.height).toBeLessThanOrEqual(8_000);
    const price = shot.elements.find((element) => element.text === "Price: 42.00 EUR");
    expect(price).toMatchObject({ tag: "p", selector: "p.price", x: 0, height: 40 });
    expect(shot.elements.map((element) => element.selector)).toContain("h1.name");
    for (const element of shot.elements) {
      expect(element.x + element.width).toBeLessThanOrEqual(shot.width);
      expect(element.y + element.height).toBeLessThanOrEqual(shot.height);
    }
    // The script itself is not something to pick.
    expect(shot.elements.some((element) => element.tag === "script")).toBe(false);
    expect(shot.truncated).toBe(false);
  }, 60_000);

  it("runs the monitor's steps first: what a click reveals is listed", async () => {
    const owner = await t.signUp("Business");
    const before = pickerScreenshotSchema.parse(
      (await screenshot(owner.auth, { url: site.url("/more") })).body,
    );
    expect(before.elements.some((element) => element.text === "In stock: 7")).toBe(false);
    const res = await screenshot(owner.auth, {
      url: site.url("/more"),
      steps: [{ kind: "click", selector: "#open" }],
    });
    expect(res.status).toBe(200);
    const after = pickerScreenshotSchema.parse(res.body);
    const revealed = after.elements.filter((element) => element.text === "In stock: 7");
    expect(revealed.map((element) => [element.tag, element.selector])).toEqual([
      ["div", "#details"],
      ["p", "p.stock"],
    ]);
  }, 60_000);

  it("is for plans that render pages; steps need theirs; a failing step and a page that is not HTML say why", async () => {
    const free = await t.signUp("Free");
    expect((await screenshot(free.auth, { url: site.url("/app") })).status).toBe(402);
    const personal = await t.signUp("Personal");
    const steps = [{ kind: "click", selector: "#open" }];
    expect((await screenshot(personal.auth, { url: site.url("/more"), steps })).status).toBe(402);

    const owner = await t.signUp("Business");
    const failing = await screenshot(owner.auth, {
      url: site.url("/more"),
      // A one-second wait fails as a missing click does, 9 s sooner (a click waits 10 s for its element).
      steps: [{ kind: "wait_for_selector", selector: "#missing", timeoutMs: 1_000 }],
    });
    expect(failing.status).toBe(400);
    expect(failing.body.errors[0]).toEqual({
      path: "steps",
      msg: 'Step 1 (wait for "#missing") failed: nothing on the page matched the selector in time',
    });
    const json = await screenshot(owner.auth, { url: site.url("/data.json") });
    expect(json.status).toBe(400);
    expect(json.body.errors[0].msg).toBe("This address is not a web page: there is nothing to pick from.");
  }, 90_000);
});
