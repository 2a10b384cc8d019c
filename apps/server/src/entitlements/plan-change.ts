import type { PlanName, PlanStatus } from "@changeradar/contracts";
import type { Database } from "../db/database";
import type { UserRow } from "../db/schema/users";
import { applyPlanChange } from "../monitors/plan-change";
import { updateUser } from "../users/users.repository";
import { planInForce } from "./plan-in-force";

export interface PlanChange {
  planType: PlanName;
  planStatus: PlanStatus;
}

/**
 * The one way a user's plan or payment status changes (billing webhooks, the admin, `changeradar plan`):
 * stores it (the status time restarts when the status changes, for the past-due grace period), then
 * fits the monitors to the plan now in force — extra monitors paused, faster checks slowed, nothing deleted.
 * Run it inside a transaction.
 */
export async function changePlan(tx: Database, user: UserRow, change: PlanChange, now: Date) {
  const statusChanged = change.planStatus !== user.planStatus;
  const row = await updateUser(tx, user.id, {
    planType: change.planType,
    planStatus: change.planStatus,
    ...(statusChanged ? { planStatusAt: now } : {}),
  });
  const entitlement = planInForce(row, now);
  const fitted = await applyPlanChange(tx, user.id, entitlement.inForce);
  return { user: row, entitlement, ...fitted };
}
