import type { ChangeSummary, Check } from "@changeradar/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PageServer, productPage, startPageServer } from "../monitors/support/page-server";
import { eventually, startTestApp, type TestApp } from "../monitors/support/test-app";

/**
 * Issue 13 §5: each check says what the noise filter ignored ("1 timestamp, 1 counter ignored" and the
 * ignore rule that hid a line), stored with the check row only when something was; removing that rule
 * (a monitor update) makes the next check see the difference.
 */
let t: TestApp;
let pages: PageServer;
beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
});
afterAll(async () => {
  await t.close();
  await pages.close();
});

const page = (time: string, views: string, deal: string) =>
  productPage({ extra: `<p>Updated at ${time}</p><p>${views} views</p><p>Deal of the week: ${deal}</p>` });

describe("what the noise filter ignored, per check", () => {
  it("is kept with the check that compared, named per kind and rule, and undoing the rule shows the difference", async () => {
    const user = await t.signUp("Pro");
    pages.set("/kettle", page("10:32", "1,234", "socks"));
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: user.auth,
      payload: { url: pages.url("/kettle"), frequency: "1d", watch: ["text"], ignore: ["deal of the week"] },
    });
    const monitorId: string = created.json().id;
    const checks = async () =>
      (
        await t.app.inject({ method: "GET", url: `/api/v1/monitors/${monitorId}/checks`, headers: user.auth })
      ).json().items as Check[];
    await eventually(checks, (items) => items.length === 1);

    pages.set("/kettle", page("10:47", "1,301", "gloves"));
    t.context.checks.checkSoon(monitorId);
    const [latest, baseline] = await eventually(checks, (items) => items.length === 2);
    expect(baseline!.ignored).toBeNull();
    expect(latest).toMatchObject({
      status: "unchanged",
      ignored: { timestamps: 1, counters: 1, rules: [{ rule: "deal of the week", lines: 1 }] },
    });
    // Only the kinds that hid something are stored.
    expect(Object.keys(latest!.ignored!).sort()).toEqual(["counters", "rules", "timestamps"]);

    // Undo the rule from there: the monitor no longer ignores the line, and the next change of it shows.
    const updated = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/monitors/${monitorId}`,
      headers: user.auth,
      payload: { ignore: [] },
    });
    expect(updated.json().ignore).toEqual([]);
    pages.set("/kettle", page("10:52", "1,320", "scarves"));
    t.context.checks.checkSoon(monitorId);
    const [third] = await eventually(checks, (items) => items.length === 3);
    expect(third).toMatchObject({ status: "changed", ignored: { timestamps: 1, counters: 1 } });
    expect(third!.ignored!.rules).toBeUndefined();
    // The change timeline says it too, for the change that check found.
    const timeline = await t.app.inject({
      method: "GET",
      url: `/api/v1/monitors/${monitorId}/changes`,
      headers: user.auth,
    });
    const [change] = timeline.json().items as ChangeSummary[];
    expect(change).toMatchObject({ monitorId, ignored: { timestamps: 1, counters: 1 } });
  });
});
