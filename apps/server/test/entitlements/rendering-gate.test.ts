import { planForRendering } from "@changeradar/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema/users";
import { renderingRefusal } from "../../src/entitlements";
import { type PageServer, startPageServer } from "../monitors/support/page-server";
import { startTestApp, type TestApp } from "../monitors/support/test-app";
import { DAY } from "./cases";

/**
 * Issue 12: rendering a page in a browser (renderJs, or watching "visual") is gated by the plan in force
 * on preview, create, edit and import, refused with a 402 naming the plan that allows it.
 */
let t: TestApp;
let pages: PageServer;
beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
  pages.set("/page", "<html><head><title>Hours</title></head><body><p>Open 9 to 17</p></body></html>");
});
afterAll(async () => {
  await t?.close();
  await pages?.close();
});

const refusal = `Rendering pages in a browser (JavaScript and screenshots) needs the ${planForRendering()} plan or higher. Upgrade to use it.`;
type Auth = { authorization: string };
const call = (auth: Auth, method: "POST" | "PATCH", url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: auth, payload });

describe("rendering in a browser, by plan", () => {
  it("names Personal, the cheapest plan that renders, in one message the web editor shares", () => {
    expect(planForRendering()).toBe("Personal");
    expect(renderingRefusal("Free")).toBe(refusal);
    expect(renderingRefusal("Personal")).toBeNull();
  });

  it("refuses a Free user's rendered preview with 402; a plain preview still works", async () => {
    const free = await t.signUp("Free");
    const rendered = await call(free.auth, "POST", "/monitors/preview", {
      url: pages.url("/page"),
      renderJs: true,
    });
    expect(rendered.statusCode).toBe(402);
    expect(rendered.json().message).toBe(refusal);
    const plain = await call(free.auth, "POST", "/monitors/preview", { url: pages.url("/page") });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it("renders a Personal user's preview in the browser", { timeout: 180_000 }, async () => {
    const personal = await t.signUp("Personal");
    const rendered = await call(personal.auth, "POST", "/monitors/preview", {
      url: pages.url("/page"),
      renderJs: true,
    });
    expect(rendered.statusCode, rendered.body).toBe(200);
    expect(rendered.json()).toMatchObject({ title: "Hours" });
    expect(rendered.json().screenshot).toMatch(/^data:image\/png;base64,/);
  });

  it("applies the plan in force: a Personal plan past due beyond its grace renders no more", async () => {
    const lapsed = await t.signUp("Personal");
    await t.database.handle.db
      .update(users)
      .set({ planStatus: "past_due", planStatusAt: new Date(t.clock.now().getTime() - 30 * DAY) })
      .where(eq(users.id, lapsed.id));
    const rendered = await call(lapsed.auth, "POST", "/monitors/preview", {
      url: pages.url("/page"),
      renderJs: true,
    });
    expect(rendered.statusCode).toBe(402);
  });

  it("refuses creating or switching on a rendered or visual monitor on Free", async () => {
    const free = await t.signUp("Free");
    const base = { url: pages.url("/page"), frequency: "1d", paused: true };
    for (const payload of [
      { ...base, watch: ["text"], renderJs: true },
      { ...base, watch: ["visual"] },
    ]) {
      const refused = await call(free.auth, "POST", "/monitors", payload);
      expect(refused.statusCode).toBe(402);
      expect(refused.json().message).toBe(refusal);
    }
    const created = await call(free.auth, "POST", "/monitors", { ...base, watch: ["text"] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    for (const payload of [{ renderJs: true }, { watch: ["text", "visual"] }]) {
      const refused = await call(free.auth, "PATCH", `/monitors/${id}`, payload);
      expect(refused.statusCode).toBe(402);
      expect(refused.json().message).toBe(refusal);
    }
    const renamed = await call(free.auth, "PATCH", `/monitors/${id}`, { name: "Still allowed" });
    expect(renamed.statusCode).toBe(200);

    const personal = await t.signUp("Personal");
    const visual = await call(personal.auth, "POST", "/monitors", { ...base, watch: ["visual"] });
    expect(visual.statusCode, visual.body).toBe(201);
    expect(visual.json().renderJs).toBe(true);
  });

  it("refuses a Free import that renders every URL; a browser job in a file is carried over unrendered", async () => {
    const free = await t.signUp("Free");
    const refused = await call(free.auth, "POST", "/monitors/import", {
      urls: pages.url("/page"),
      dryRun: true,
      frequency: "1d",
      watch: ["text"],
      renderJs: true,
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(refusal);

    const urlsYaml = `name: Hours\nurl: ${pages.url("/page")}\nuse_browser: true\n`;
    const imported = await call(free.auth, "POST", "/monitors/import", {
      file: { name: "urls.yaml", content: urlsYaml },
      dryRun: false,
      frequency: "1d",
      watch: ["text"],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().created).toMatchObject([{ name: "Hours", renderJs: false }]);
    const dry = await call(free.auth, "POST", "/monitors/import", {
      file: { name: "urls.yaml", content: urlsYaml.replace("/page", "/page?again") },
      dryRun: true,
      frequency: "1d",
      watch: ["text"],
    });
    expect(dry.json().skipped).toMatchObject([{ reason: "over_plan_limit" }]);
  });
});
