import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applyAlertRetention } from "../../src/alerts/alerts-retention";
import { enqueueMonitorHealthAlert } from "../../src/alerts/outbox";
import { deliveries, notifications } from "../../src/db/schema/alerts";
import { useTestDatabase } from "../helpers/database";
import { createMonitor, createUser } from "./support/fixtures";

const DAY_MS = 86_400_000;

describe("notification retention", () => {
  const database = useTestDatabase();

  it("removes notifications older than the plan keeps, with their deliveries", async () => {
    const db = database.db;
    const free = await createUser(db, { plan: "Free" });
    const business = await createUser(db, { plan: "Business" });
    const ids: Record<string, string> = {};
    for (const [name, user] of [
      ["free", free],
      ["business", business],
    ] as const) {
      const monitor = await createMonitor(db, user.id);
      const { notificationId } = await db.transaction((tx) =>
        enqueueMonitorHealthAlert(tx, {
          userId: user.id,
          monitor,
          kind: "failing",
          reason: "timeout",
          consecutiveFailures: 3,
        }),
      );
      ids[name] = notificationId;
    }
    const aged = new Date(Date.now() - 45 * DAY_MS);
    await db
      .update(notifications)
      .set({ createdAt: aged })
      .where(inArray(notifications.id, Object.values(ids)));

    const removed = await applyAlertRetention(db, new Date());
    expect(removed.notifications).toBe(1);
    expect(await db.select().from(notifications).where(eq(notifications.id, ids.free!))).toEqual([]);
    expect(await db.select().from(deliveries).where(eq(deliveries.notificationId, ids.free!))).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.id, ids.business!))).toHaveLength(1);
  });
});
