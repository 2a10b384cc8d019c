import { accountExportSchema } from "@changeradar/contracts";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PageServer, productPage, startPageServer } from "../monitors/support/page-server";
import { seedChange } from "../monitors/support/seed-change";
import { startTestApp, type TestApp } from "../monitors/support/test-app";

let t: TestApp;
let pages: PageServer;

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
  pages.set("/anvil", productPage());
});
afterAll(async () => {
  await t.close();
  await pages.close();
});

describe("export of a user's data", () => {
  it("JSON: monitors, channels without their secrets, and the change history; CSV of the changes", async () => {
    const owner = await t.signUp("Pro");
    const other = await t.signUp("Pro");
    const channel = await t.app.inject({
      method: "POST",
      url: "/api/v1/channels",
      headers: owner.auth,
      payload: { type: "webhook", name: "CI", config: { url: "http://127.0.0.1:9/hook" } },
    });
    expect(channel.statusCode).toBe(201);
    const signingSecret: string = channel.json().secret;
    expect(signingSecret.length).toBeGreaterThan(16);
    const monitor = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: owner.auth,
      payload: {
        url: pages.url("/anvil"),
        name: "Anvil, =cheap",
        frequency: "1h",
        watch: ["text", "price"],
        tags: ["shop"],
        ignore: ["Last updated"],
        channelIds: [channel.json().id],
      },
    });
    const monitorId: string = monitor.json().id;
    await seedChange(t, monitorId, { summary: "Price fell from $24.99 to $19.99" });

    expect((await t.app.inject({ method: "GET", url: "/api/v1/export/account.json" })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v1/export/account.json",
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="changeradar-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.body).not.toContain(signingSecret);
    const data = accountExportSchema.parse(res.json());
    expect(data.monitors).toEqual([
      expect.objectContaining({
        id: monitorId,
        url: pages.url("/anvil"),
        name: "Anvil, =cheap",
        frequency: "1h",
        tags: ["shop"],
        ignore: ["Last updated"],
        channelIds: [channel.json().id],
      }),
    ]);
    expect(data.channels).toEqual([
      expect.objectContaining({
        type: "webhook",
        name: "CI",
        config: { url: "http://127.0.0.1:9/hook" },
        secretsNotExported: ["secret"],
      }),
    ]);
    expect(data.changes).toEqual([
      expect.objectContaining({
        monitorId,
        summary: "Price fell from $24.99 to $19.99",
        price: { before: 24.99, after: 19.99, currency: "USD" },
        textDiff: [{ op: "change", before: "$24.99", after: "$19.99" }],
      }),
    ]);

    const csv = await t.app.inject({ method: "GET", url: "/api/v1/export/changes.csv", headers: owner.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const rows: string[][] = parse(csv.body, { bom: true });
    expect(rows[0]).toEqual([
      "change_id",
      "detected_at",
      "monitor_id",
      "monitor",
      "url",
      "kinds",
      "significance",
      "summary",
      "price_before",
      "price_after",
      "currency",
    ]);
    expect(rows.slice(1)).toEqual([
      [
        data.changes[0].id,
        data.changes[0].detectedAt,
        monitorId,
        "Anvil, =cheap",
        pages.url("/anvil"),
        "text price",
        "60",
        "Price fell from $24.99 to $19.99",
        "24.99",
        "19.99",
        "USD",
      ],
    ]);

    // Another user's export holds none of it.
    const theirs = accountExportSchema.parse(
      (await t.app.inject({ method: "GET", url: "/api/v1/export/account.json", headers: other.auth })).json(),
    );
    expect(theirs).toMatchObject({ monitors: [], channels: [], changes: [] });
    const theirCsv = await t.app.inject({
      method: "GET",
      url: "/api/v1/export/changes.csv",
      headers: other.auth,
    });
    expect(parse(theirCsv.body, { bom: true })).toHaveLength(1);
  });

  it("leaves out history older than the plan keeps", async () => {
    const owner = await t.signUp("Free");
    const monitor = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors",
      headers: owner.auth,
      payload: { url: pages.url("/anvil"), frequency: "1d", watch: ["text"] },
    });
    await seedChange(t, monitor.json().id, { summary: "Recent" });
    await seedChange(t, monitor.json().id, {
      summary: "Too old",
      detectedAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const data = accountExportSchema.parse(
      (await t.app.inject({ method: "GET", url: "/api/v1/export/account.json", headers: owner.auth })).json(),
    );
    expect(data.changes.map((c) => c.summary)).toEqual(["Recent"]);
  });
});
