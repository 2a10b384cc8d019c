import { notificationSchema } from "@changeradar/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "../../src/alerts/dispatch/dispatcher";
import { enqueueChangeAlerts, enqueueMonitorHealthAlert } from "../../src/alerts/outbox";
import { createLogger } from "../../src/logger";
import { createMailer } from "../../src/mail/mailer";
import { accountOn } from "../alerts/support/accounts";
import { changeInput, createChange, createMonitor } from "../alerts/support/fixtures";
import { ApiClient } from "../helpers/client";
import { startTestServer, type TestServer } from "../helpers/server";
import type { TestUser } from "../helpers/users";

interface Page {
  items: unknown[];
  total: number;
  unread: number;
}

describe("notifications API", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const db = () => server.database.handle.db;

  async function alertsFor(user: TestUser) {
    const monitor = await createMonitor(db(), user.id);
    const change = await createChange(db(), monitor.id);
    const changed = await db().transaction((tx) =>
      enqueueChangeAlerts(tx, { userId: user.id, monitor, change: changeInput(change) }),
    );
    const failing = await db().transaction((tx) =>
      enqueueMonitorHealthAlert(tx, {
        userId: user.id,
        monitor,
        kind: "failing",
        reason: "404 Not Found",
        consecutiveFailures: 3,
      }),
    );
    return { monitor, changed: changed.notificationId, failing: failing.notificationId };
  }

  it("lists, filters, counts and marks read", async () => {
    expect((await new ApiClient(server.baseUrl).get("/notifications")).status).toBe(401);
    const user = await accountOn(server, "Free");
    const { monitor, changed, failing } = await alertsFor(user);

    const page = await user.client.get<Page>("/notifications");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 2, unread: 2, page: 1, pageSize: 20 });
    const items = page.body.items.map((item) => notificationSchema.parse(item));
    expect(items.map((n) => n.id)).toEqual([failing, changed]);
    expect(items[1]).toMatchObject({
      type: "change",
      monitorId: monitor.id,
      monitorName: "Acme product",
      read: false,
    });
    expect(items[1]?.deliveries[0]).toMatchObject({ channelType: "email", status: "pending", attempts: 0 });

    const onlyFailing = await user.client.get<Page>("/notifications?type=failing");
    expect(onlyFailing.body.total).toBe(1);
    expect(
      (await user.client.get<Page>(`/notifications?monitorId=${monitor.id}&pageSize=1`)).body,
    ).toMatchObject({ total: 2 });
    expect((await user.client.get("/notifications?pageSize=500")).status).toBe(400);

    expect((await user.client.post(`/notifications/${changed}/read`)).body).toEqual({ unread: 1 });
    expect((await user.client.get<Page>("/notifications?read=read")).body.total).toBe(1);
    expect((await user.client.get("/notifications/unread-count")).body).toEqual({ count: 1 });
    expect((await user.client.post("/notifications/read-all")).body).toEqual({ marked: 1, unread: 0 });
    expect((await user.client.get("/notifications/unread-count")).body).toEqual({ count: 0 });
  });

  it("never shows or touches another user's notifications", async () => {
    const owner = await accountOn(server, "Free");
    const intruder = await accountOn(server, "Free");
    const { changed, monitor } = await alertsFor(owner);
    expect((await intruder.client.post(`/notifications/${changed}/read`)).status).toBe(404);
    expect((await intruder.client.post("/notifications/nope/read")).status).toBe(404);
    expect((await intruder.client.get<Page>("/notifications")).body.total).toBe(0);
    expect((await intruder.client.get<Page>(`/notifications?monitorId=${monitor.id}`)).body.total).toBe(0);
    await intruder.client.post("/notifications/read-all");
    expect((await owner.client.get("/notifications/unread-count")).body).toEqual({ count: 2 });
  });

  it("shows a dead delivery with its reason", async () => {
    const user = await accountOn(server, "Free", { verified: false });
    const { changed } = await alertsFor(user);
    const log = createLogger(server.config);
    const mailer = createMailer({ config: server.config, db: db(), log });
    const dispatcher = createDispatcher({
      config: server.config,
      database: server.database.handle,
      mailer,
      clock: server.clock,
      log,
    });
    try {
      while ((await dispatcher.runOnce()) > 0) {}
    } finally {
      await dispatcher.stop();
      await mailer.close();
    }
    const dead = await user.client.get<Page>("/notifications?deliveryStatus=dead");
    const ids = dead.body.items.map((item) => notificationSchema.parse(item).id);
    expect(ids).toContain(changed);
    const notification = notificationSchema.parse(
      dead.body.items.find((item) => notificationSchema.parse(item).id === changed),
    );
    expect(notification.deliveries[0]).toMatchObject({ status: "dead", nextAttemptAt: null });
    expect(notification.deliveries[0]?.lastError).toMatch(/Verify your account's email address/);
  });

  it("switches to the daily digest and answers a fresh token", async () => {
    const user = await accountOn(server, "Free");
    const response = await user.client.request<{
      accessToken: string;
      user: { notificationPreferences: unknown };
    }>("PATCH", "/users/notification-preferences", { json: { alertMode: "digest", digestHour: 18 } });
    expect(response.status).toBe(200);
    expect(response.body.user.notificationPreferences).toEqual({ alertMode: "digest", digestHour: 18 });
    expect(response.body.accessToken).toBeTruthy();
    const invalid = await user.client.request("PATCH", "/users/notification-preferences", {
      json: { alertMode: "weekly", digestHour: 25 },
    });
    expect(invalid.status).toBe(400);
  });
});
