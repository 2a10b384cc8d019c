import { frequencyMinutes, type PlanName, plans } from "@changeradar/contracts";
import type { Database } from "../db";
import { monitorsOverPlan } from "../entitlements/gates";
import { activeMonitorIds, pauseForPlan, slowDownTo } from "./monitors.repository";

/**
 * What a plan change does to a user's monitors: the newest monitors beyond the plan's count are paused
 * (never deleted) and checks faster than the plan allows are set to its fastest frequency.
 */
export async function applyPlanChange(tx: Database, userId: string, plan: PlanName) {
  const extra = monitorsOverPlan(plan, await activeMonitorIds(tx, userId));
  await pauseForPlan(tx, extra);
  const fastest = plans[plan].fastestFrequency;
  const slowedDown = await slowDownTo(tx, userId, fastest, frequencyMinutes);
  return { paused: extra.length, slowedDown };
}
