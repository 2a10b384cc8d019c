import { sharedChangeSchema, shareLinkSchema } from "@changeradar/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { putBlob } from "../../src/checks/blob-store";
import { changes, snapshots } from "../../src/db/schema/checks";
import { tinyPng } from "../helpers/png";
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

type Auth = { authorization: string };

async function changeWithScreenshots(auth: Auth, name: string) {
  const created = await t.app.inject({
    method: "POST",
    url: "/api/v1/monitors",
    headers: auth,
    payload: { url: pages.url("/anvil"), name, frequency: "1d", watch: ["text"] },
  });
  const monitorId: string = created.json().id;
  const changeId = await seedChange(t, monitorId, { summary: "Price fell from $24.99 to $19.99" });
  const db = t.database.handle.db;
  const image = await putBlob(db, tinyPng(), "image/png");
  const [after] = await db
    .insert(snapshots)
    .values({
      monitorId,
      takenAt: new Date(),
      contentBlobId: image,
      screenshotBlobId: image,
      fingerprint: "f",
    })
    .returning();
  await db
    .update(changes)
    .set({ afterSnapshotId: after.id, diffImageBlobId: image })
    .where(eq(changes.id, changeId));
  return { monitorId, changeId };
}

const share = (auth: Auth, changeId: string, expiresIn = "1d") =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/changes/${changeId}/shares`,
    headers: auth,
    payload: { expiresIn },
  });

/** The public read, over real HTTP, by the path of the link's web address. */
const openShared = (url: string, suffix = "") =>
  fetch(`${t.baseUrl}/api/v1/shared/${new URL(url).pathname.split("/").pop()}${suffix}`);

describe("share links of one change", () => {
  it("show the change, its diff and screenshots to anyone with the link, and nothing about the account", async () => {
    const owner = await t.signUp("Pro");
    const { changeId } = await changeWithScreenshots(owner.auth, "Kim's secret supplier list");
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/api/v1/changes/${changeId}/shares`,
          payload: { expiresIn: "1d" },
        })
      ).statusCode,
    ).toBe(401);
    expect((await share(owner.auth, changeId, "2y")).statusCode).toBe(400);
    const created = await share(owner.auth, changeId);
    expect(created.statusCode).toBe(201);
    const link = shareLinkSchema.parse(created.json());
    expect(link.url).toMatch(/\/share\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{32}$/);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);

    const res = await openShared(link.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const body = await res.text();
    const shared = sharedChangeSchema.strict().parse(JSON.parse(body));
    expect(shared).toMatchObject({
      id: changeId,
      summary: "Price fell from $24.99 to $19.99",
      pageUrl: pages.url("/anvil"),
      textDiff: [{ op: "change", before: "$24.99", after: "$19.99" }],
      price: { before: 24.99, after: 19.99, currency: "USD" },
    });
    expect(body).not.toContain("secret supplier");
    expect(body).not.toContain(owner.email);
    expect(body).not.toContain(owner.id);
    expect(body).not.toContain("/api/v1/blobs/");
    const token = new URL(link.url).pathname.split("/").pop();
    expect(shared.screenshots).toEqual({
      before: null,
      after: `/api/v1/shared/${token}/images/after`,
      diff: `/api/v1/shared/${token}/images/diff`,
      diffPercent: null,
    });
    const png = await fetch(`${t.baseUrl}${shared.screenshots?.after}`);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await png.arrayBuffer()).equals(tinyPng())).toBe(true);
    expect((await openShared(link.url, "/images/before")).status).toBe(404);
    expect((await openShared(link.url, "/images/elsewhere")).status).toBe(404);

    // The web page at the link's address is not indexed either.
    const page = await fetch(`${t.baseUrl}${new URL(link.url).pathname}`);
    if (page.status === 200) {
      expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(await page.text()).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
  });

  it("answers 410 once revoked or expired and 404 to a forged or unknown link", async () => {
    const owner = await t.signUp("Pro");
    const { changeId } = await changeWithScreenshots(owner.auth, "Anvil");
    const link = shareLinkSchema.parse((await share(owner.auth, changeId)).json());
    const listed = await t.app.inject({
      method: "GET",
      url: `/api/v1/changes/${changeId}/shares`,
      headers: owner.auth,
    });
    expect(listed.json().items.map((s: { id: string }) => s.id)).toEqual([link.id]);

    const forged = link.url.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await openShared(forged)).status).toBe(404);
    expect((await openShared(link.url.replace(link.id, crypto.randomUUID()))).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/v1/shared/nonsense`)).status).toBe(404);

    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/shares/${link.id}`,
      headers: owner.auth,
    });
    expect(revoked.statusCode).toBe(204);
    const gone = await openShared(link.url);
    expect(gone.status).toBe(410);
    expect((await gone.json()).message).toBe("This link has been turned off.");
    expect((await openShared(link.url, "/images/after")).status).toBe(410);
    const afterRevoke = await t.app.inject({
      method: "GET",
      url: `/api/v1/changes/${changeId}/shares`,
      headers: owner.auth,
    });
    expect(afterRevoke.json().items).toEqual([]);

    const hour = shareLinkSchema.parse((await share(owner.auth, changeId, "1h")).json());
    expect((await openShared(hour.url)).status).toBe(200);
    t.clock.advance(61 * 60_000);
    try {
      const expired = await openShared(hour.url);
      expect(expired.status).toBe(410);
      expect((await expired.json()).message).toBe("This link has expired.");
    } finally {
      t.clock.reset();
    }
  });

  it("is rate-limited per address (database-backed): 120 opens in 10 minutes, then 429", async () => {
    const owner = await t.signUp("Pro");
    const { changeId } = await changeWithScreenshots(owner.auth, "Anvil");
    const link = shareLinkSchema.parse((await share(owner.auth, changeId)).json());
    const strict = await t.startSibling({ RATE_LIMIT_SCALE: "1" });
    try {
      const path = `/api/v1/shared/${new URL(link.url).pathname.split("/").pop()}`;
      const statuses: number[] = [];
      for (let i = 0; i < 121; i++) statuses.push((await fetch(`${strict.baseUrl}${path}`)).status);
      expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
      expect(statuses[120]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
