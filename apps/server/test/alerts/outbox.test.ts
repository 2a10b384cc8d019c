import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  changeAlert,
  enqueueAlerts,
  enqueueChangeAlerts,
  enqueueMonitorHealthAlert,
  healthAlert,
  notifyLive,
} from "../../src/alerts/outbox";
import { channels, deliveries, notifications } from "../../src/db/schema/alerts";
import { useTestDatabase } from "../helpers/database";
import { changeInput, createChange, createMonitor, createUser } from "./support/fixtures";

describe("transactional outbox", () => {
  const database = useTestDatabase();

  const db = () => database.db;

  async function addChannel(userId: string, type: "webhook" | "slack", name: string) {
    const [row] = await db()
      .insert(channels)
      .values({ userId, type, name, config: { url: "https://hooks.example.com/x" }, verifiedAt: new Date() })
      .returning();
    return row!;
  }

  it("writes nothing when the caller's transaction rolls back", async () => {
    const user = await createUser(db());
    const monitor = await createMonitor(db(), user.id);
    const change = await createChange(db(), monitor.id);
    await expect(
      db().transaction(async (tx) => {
        await enqueueChangeAlerts(tx, { userId: user.id, monitor, change: changeInput(change) });
        throw new Error("the check failed after the change was stored");
      }),
    ).rejects.toThrow("the check failed");
    expect(await db().select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
    expect(await db().select().from(deliveries).where(eq(deliveries.userId, user.id))).toEqual([]);
  });

  it("commits the notification and one delivery per channel of the monitor, ignoring other users' channels", async () => {
    const user = await createUser(db(), { plan: "Business" });
    const stranger = await createUser(db(), { plan: "Business" });
    const hook = await addChannel(user.id, "webhook", "CI hook");
    const slack = await addChannel(user.id, "slack", "Team");
    const foreign = await addChannel(stranger.id, "webhook", "Not yours");
    const monitor = await createMonitor(db(), user.id, [hook.id, slack.id, foreign.id]);
    const change = await createChange(db(), monitor.id);

    const { notificationId } = await db().transaction((tx) =>
      enqueueChangeAlerts(tx, { userId: user.id, monitor, change: changeInput(change) }),
    );

    const [notification] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.id, notificationId));
    expect(notification).toMatchObject({
      type: "change",
      changeId: change.id,
      monitorId: monitor.id,
      digest: null,
    });
    expect(notification?.body).toBe("Price dropped from $24.99 to $19.99");
    const rows = await db().select().from(deliveries).where(eq(deliveries.notificationId, notificationId));
    expect(rows.map((r) => r.channelId).sort()).toEqual([hook.id, slack.id].sort());
    expect(rows.every((r) => r.status === "pending" && r.attempts === 0)).toBe(true);
  });

  it("uses the account's own email when the monitor has no channel", async () => {
    const user = await createUser(db());
    const monitor = await createMonitor(db(), user.id);
    const change = await createChange(db(), monitor.id);
    const { notificationId } = await db().transaction((tx) =>
      enqueueChangeAlerts(tx, { userId: user.id, monitor, change: changeInput(change) }),
    );
    const rows = await db().select().from(deliveries).where(eq(deliveries.notificationId, notificationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channelId: null, channelType: "email", channelName: "Account email" });
  });

  it("holds change alerts for the digest in digest mode, but webhooks still get each change", async () => {
    const user = await createUser(db(), { plan: "Pro", alertMode: "digest" });
    const hook = await addChannel(user.id, "webhook", "Integration");
    const monitor = await createMonitor(db(), user.id, [hook.id]);
    const change = await createChange(db(), monitor.id);
    const { notificationId } = await db().transaction((tx) =>
      enqueueChangeAlerts(tx, {
        userId: user.id,
        monitor: { ...monitor, channelIds: [] },
        change: changeInput(change),
      }),
    );
    const [notification] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.id, notificationId));
    expect(notification?.digest).toBe("pending");
    expect(await db().select().from(deliveries).where(eq(deliveries.notificationId, notificationId))).toEqual(
      [],
    );

    const withHook = await db().transaction((tx) =>
      enqueueChangeAlerts(tx, { userId: user.id, monitor, change: changeInput(change) }),
    );
    const hookRows = await db()
      .select()
      .from(deliveries)
      .where(eq(deliveries.notificationId, withHook.notificationId));
    expect(hookRows.map((r) => r.channelType)).toEqual(["webhook"]);
  });

  it("sends health alerts at once, whatever the alert mode", async () => {
    const user = await createUser(db(), { alertMode: "digest" });
    const monitor = await createMonitor(db(), user.id);
    const { notificationId } = await db().transaction((tx) =>
      enqueueMonitorHealthAlert(tx, {
        userId: user.id,
        monitor,
        kind: "failing",
        reason: "The page answered 404 Not Found",
        consecutiveFailures: 3,
      }),
    );
    const [notification] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.id, notificationId));
    expect(notification).toMatchObject({ type: "failing", title: "Acme product is failing", digest: null });
    expect(notification?.body).toContain("404");
    expect(
      await db().select().from(deliveries).where(eq(deliveries.notificationId, notificationId)),
    ).toHaveLength(1);
  });

  it("enqueues alerts of several users together: each its own notification, channels and live event", async () => {
    const owner = await createUser(db(), { plan: "Business" });
    const other = await createUser(db(), { plan: "Business" });
    const hook = await addChannel(owner.id, "webhook", "Owner's hook");
    const foreign = await addChannel(other.id, "slack", "Other's slack");
    const watched = await createMonitor(db(), owner.id, [hook.id, foreign.id]);
    const failing = await createMonitor(db(), other.id);
    const change = await createChange(db(), watched.id);
    const received: string[] = [];
    const unlisten = await database.handle.listen("changeradar_events", (payload) => received.push(payload));
    let ids: string[] = [];
    try {
      ids = await db().transaction((tx) =>
        enqueueAlerts(tx, [
          changeAlert({ userId: owner.id, monitor: watched, change: changeInput(change) }),
          healthAlert({
            userId: other.id,
            monitor: failing,
            kind: "failing",
            reason: "The page answered 500",
            consecutiveFailures: 3,
          }),
        ]),
      );
      await vi.waitUntil(() => received.length >= 2);
    } finally {
      await unlisten();
    }
    const rows = await db().select().from(notifications).where(inArray(notifications.id, ids));
    expect(rows.map((r) => [r.id, r.userId, r.type]).sort()).toEqual(
      [
        [ids[0], owner.id, "change"],
        [ids[1], other.id, "failing"],
      ].sort(),
    );
    const sent = await db().select().from(deliveries).where(inArray(deliveries.notificationId, ids));
    expect(sent.map((d) => [d.notificationId, d.channelId]).sort()).toEqual(
      [
        [ids[0], hook.id],
        [ids[1], null],
      ].sort(),
    );
    const events = received.map(
      (payload) => JSON.parse(payload) as { userId: string; event: { id: string } },
    );
    expect(events.map((e) => [e.userId, e.event.id]).sort()).toEqual(
      [
        [owner.id, ids[0]],
        [other.id, ids[1]],
      ].sort(),
    );
  });

  it("publishes live events on commit only", async () => {
    const user = await createUser(db());
    const received: string[] = [];
    const unlisten = await database.handle.listen("changeradar_events", (payload) => received.push(payload));
    try {
      await db()
        .transaction(async (tx) => {
          await notifyLive(tx, user.id, { type: "monitor", monitorId: "rolled-back" });
          throw new Error("rollback");
        })
        .catch(() => {});
      await notifyLive(db(), user.id, { type: "monitor", monitorId: "committed" });
      await expect.poll(() => received.length).toBe(1);
      expect(JSON.parse(received[0]!)).toEqual({
        userId: user.id,
        event: { type: "monitor", monitorId: "committed" },
      });
    } finally {
      await unlisten();
    }
  });
});
