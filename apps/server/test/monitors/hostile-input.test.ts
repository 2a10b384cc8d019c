import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCount } from "./support/checks";
import { slowestHealthAnswer } from "./support/health-probe";
import { type PageServer, startPageServer } from "./support/page-server";
import { eventually, startTestApp, type TestApp } from "./support/test-app";

/** Hostile input a signed-in Free user controls (issue 12): none of it may freeze the process. */
let t: TestApp;
let pages: PageServer;

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
  // Warm up: the first answers of a fresh app are slow (compilation, first queries), not what is measured.
  await slowestHealthAnswer(t.baseUrl, new Promise((resolve) => setTimeout(resolve, 1000)));
});
afterAll(async () => {
  await t.close();
  await pages.close();
});

/** A page with a line that makes /^(a|a)*$/ backtrack 2^40 times. */
const hostilePage = (total: string) =>
  `<html><body><h1>Order</h1><p>${"a".repeat(40)}!</p><p>${total}</p></body></html>`;

describe("regular expressions users type", () => {
  it("a Free monitor's /^(a|a)*$/ on a 40-character a…a! line leaves /health answering within 1 s", async () => {
    const user = await t.signUp("Free");
    pages.set("/redos", hostilePage("Total 3"));
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: user.auth,
      payload: {
        url: pages.url("/redos"),
        frequency: "1d",
        watch: ["text"],
        ignore: ["/^(a|a)*$/"],
        conditions: [{ type: "number_compare", pattern: "/^(a|a)*$/", operator: "gt", value: 1 }],
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;

    const db = t.database.handle.db;
    await eventually(
      () => checkCount(db, id),
      (n) => n > 0,
    );
    // The rules run when a check compares against the stored version: change the page, check now.
    pages.set("/redos", hostilePage("Total 4"));
    const checkNow = await t.app.inject({
      method: "POST",
      url: `/api/v1/monitors/${id}/check`,
      headers: user.auth,
    });
    expect(checkNow.statusCode).toBe(202);
    const secondCheck = eventually(
      () => checkCount(db, id),
      (n) => n > 1,
      120_000,
    );
    expect(await slowestHealthAnswer(t.baseUrl, secondCheck)).toBeLessThan(1000);
    const monitor = await t.app.inject({ method: "GET", url: `/api/v1/monitors/${id}`, headers: user.auth });
    expect(monitor.json()).toMatchObject({ status: "changed", lastError: null });
  }, 180_000);

  it.each([
    ["a back-reference", "/(\\w)\\1/", "back-references"],
    ["a lookahead", "/price(?= now)/", "lookahead and lookbehind"],
  ])("refuses %s when the monitor is saved, naming why", async (_what, pattern, message) => {
    const user = await t.signUp("Free");
    const payload = { url: pages.url("/redos"), frequency: "1d", watch: ["text"] };
    const asRule = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: user.auth,
      payload: { ...payload, ignore: [pattern] },
    });
    expect(asRule.statusCode).toBe(400);
    expect(asRule.json().errors[0]).toMatchObject({ path: "ignore" });
    expect(asRule.json().errors[0].msg).toContain(message);
    const asCondition = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: user.auth,
      payload: { ...payload, conditions: [{ type: "text_contains", value: pattern }] },
    });
    expect(asCondition.statusCode).toBe(400);
    expect(asCondition.json().errors[0]).toMatchObject({ path: "conditions" });
    expect(asCondition.json().errors[0].msg).toContain(message);
  });
});

describe("deeply nested pages", () => {
  it("a preview of 500,000 nested <div> (5.5 MB) answers with a clear error while /health answers within 1 s", async () => {
    const user = await t.signUp("Free");
    pages.set("/deep", `<html><body>${"<div>".repeat(500_000)}x${"</div>".repeat(500_000)}</body></html>`);
    const preview = t.app.inject({
      method: "POST",
      url: "/api/v1/monitors/preview",
      headers: user.auth,
      payload: { url: pages.url("/deep") },
    });
    expect(await slowestHealthAnswer(t.baseUrl, preview)).toBeLessThan(1000);
    const answer = await preview;
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[0]).toMatchObject({ path: "url" });
    expect(answer.json().errors[0].msg).toContain("nests elements more than 1,000 deep");
  }, 120_000);
});

describe("the preview route", () => {
  it("is rate-limited: 30 previews per address in 10 minutes, then 429", async () => {
    const user = await t.signUp("Free");
    pages.set("/small", "<html><body><p>Small page</p></body></html>");
    const strict = await t.startSibling({ RATE_LIMIT_SCALE: "1" });
    try {
      const preview = () =>
        fetch(`${strict.baseUrl}/api/v1/monitors/preview`, {
          method: "POST",
          headers: { ...user.auth, "content-type": "application/json" },
          body: JSON.stringify({ url: pages.url("/small") }),
        });
      for (let i = 0; i < 30; i += 1) expect((await preview()).status).toBe(200);
      const refused = await preview();
      expect(refused.status).toBe(429);
      expect(pages.hits("/small")).toBe(30);
    } finally {
      await strict.close();
    }
  }, 120_000);
});
