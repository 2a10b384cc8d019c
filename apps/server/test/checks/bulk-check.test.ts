/** "Check now" for a selection (POST /monitors/check): due at once, paused and cooling-down ones skipped. */
import { monitorSchema } from "@changeradar/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCount } from "../monitors/support/checks";
import { type PageServer, productPage, startPageServer } from "../monitors/support/page-server";
import { eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let pages: PageServer;

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
  pages.set("/bulk", productPage());
});
afterAll(async () => {
  await t.close();
  await pages.close();
});

describe("bulk check now", () => {
  it("checks the caller's unpaused monitors at once, skips the rest, then cools down", async () => {
    const owner = await t.signUp("Business");
    const other = await t.signUp("Business");
    const create = async (auth: { authorization: string }, paused = false) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/monitors",
        headers: auth,
        payload: { url: pages.url("/bulk"), frequency: "1d", watch: ["text"] },
      });
      const monitor = monitorSchema.parse(res.json());
      await eventually(
        () => checkCount(t.database.handle.db, monitor.id),
        (n) => n === 1,
      );
      if (paused)
        await t.app.inject({ method: "POST", url: `/api/v1/monitors/${monitor.id}/pause`, headers: auth });
      return monitor.id;
    };
    const mine = [await create(owner.auth), await create(owner.auth)];
    const paused = await create(owner.auth, true);
    const theirs = await create(other.auth);

    const bulk = (ids: string[]) =>
      t.app.inject({ method: "POST", url: "/api/v1/monitors/check", headers: owner.auth, payload: { ids } });
    const res = await bulk([...mine, paused, theirs]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: 2, skipped: 2 });
    for (const id of mine) {
      await eventually(
        () => checkCount(t.database.handle.db, id),
        (n) => n === 2,
      );
    }
    expect(await checkCount(t.database.handle.db, paused)).toBe(1);
    expect(await checkCount(t.database.handle.db, theirs)).toBe(1);

    // Within the cool-down nothing is queued again.
    expect((await bulk(mine)).json()).toEqual({ queued: 0, skipped: 2 });
    expect((await bulk([])).statusCode).toBe(400);
  });
});
