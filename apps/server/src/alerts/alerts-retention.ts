import { planNames, plans } from "@changeradar/contracts";
import { and, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { deliveries, notifications } from "../db/schema/alerts";
import { users } from "../db/schema/users";
import { planInForceSql, userPlanColumns } from "../entitlements/entitlements.repository";
import type { Logger } from "../logger";
import { type BackgroundTask, intervalTask } from "../tasks/background-task";

const DAY_MS = 86_400_000;
/** Test and digest deliveries have no notification to expire with; they are kept this long. */
const STANDALONE_DELIVERY_DAYS = 30;

/**
 * The Notification Center keeps what the history window of the plan in force keeps (DECISIONS plan gates); a
 * notification's deliveries go with it. One short statement per plan (PGlite is one connection).
 */
export async function applyAlertRetention(
  db: Database,
  now: Date,
): Promise<{ notifications: number; deliveries: number }> {
  let removedNotifications = 0;
  for (const plan of planNames) {
    const cutoff = new Date(now.getTime() - plans[plan].historyDays * DAY_MS);
    const ownersOnPlan = db
      .select({ id: users.id })
      .from(users)
      .where(sql`${planInForceSql(userPlanColumns, now)} = ${plan}`);
    const removed = await db
      .delete(notifications)
      .where(and(lt(notifications.createdAt, cutoff), inArray(notifications.userId, ownersOnPlan)))
      .returning({ id: notifications.id });
    removedNotifications += removed.length;
  }
  const standaloneCutoff = new Date(now.getTime() - STANDALONE_DELIVERY_DAYS * DAY_MS);
  const removedDeliveries = await db
    .delete(deliveries)
    .where(
      and(
        isNull(deliveries.notificationId),
        lt(deliveries.createdAt, standaloneCutoff),
        sql`${deliveries.status} in ('delivered', 'dead')`,
      ),
    )
    .returning({ id: deliveries.id });
  return { notifications: removedNotifications, deliveries: removedDeliveries.length };
}

export function createAlertRetentionTask(
  deps: { db: Database; clock: Clock; log: Logger },
  intervalMs = DAY_MS,
): BackgroundTask {
  return intervalTask(
    "alert-retention",
    intervalMs,
    async () => {
      const removed = await applyAlertRetention(deps.db, deps.clock.now());
      if (removed.notifications + removed.deliveries > 0) deps.log.info(removed, "old notifications removed");
    },
    (error) => deps.log.error({ err: error }, "alert retention failed"),
  );
}
