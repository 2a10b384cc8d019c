import {
  type ChannelType,
  channelLabels,
  type Frequency,
  type PlanName,
  planAllowsChannel,
  planAllowsFrequency,
  planForChannel,
  planForFrequency,
  planNames,
  plans,
} from "@changeradar/contracts";
import { PlanLimit } from "../http/errors";

/**
 * The plan gates of DECISIONS.md for monitors. Each refusal names the cheapest plan that allows the
 * action, so the user knows what to upgrade to.
 */

const frequencyPhrases: Record<Frequency, string> = {
  "15m": "every 15 minutes",
  "1h": "every hour",
  "6h": "every 6 hours",
  "12h": "every 12 hours",
  "1d": "once a day",
  "1w": "once a week",
};

function orHigher(plan: PlanName): string {
  return plan === planNames[planNames.length - 1] ? `the ${plan} plan` : `the ${plan} plan or higher`;
}

export function assertMonitorCountAllowed(plan: PlanName, existing: number): void {
  const limit = plans[plan].monitors;
  if (existing < limit) return;
  const next = planNames.find((name) => plans[name].monitors > limit);
  const allows = `Your ${plan} plan allows ${limit} ${limit === 1 ? "monitor" : "monitors"}.`;
  throw new PlanLimit(
    next
      ? `${allows} Upgrade to ${next} to add more.`
      : `${allows} Delete or pause a monitor to add another.`,
  );
}

export function assertFrequencyAllowed(plan: PlanName, frequency: Frequency): void {
  if (planAllowsFrequency(plan, frequency)) return;
  throw new PlanLimit(
    `Checking ${frequencyPhrases[frequency]} needs ${orHigher(planForFrequency(frequency))}. Upgrade to use it.`,
  );
}

export function assertChannelsAllowed(plan: PlanName, types: readonly ChannelType[]): void {
  const refused = types.find((type) => !planAllowsChannel(plan, type));
  if (!refused) return;
  throw new PlanLimit(
    `${channelLabels[refused]} alerts need ${orHigher(planForChannel(refused))}. Upgrade to use them.`,
  );
}

/** Which of a user's running monitors exceed a (lower) plan's count: the newest ones. */
export function monitorsOverPlan(plan: PlanName, activeOldestFirst: readonly string[]): string[] {
  return activeOldestFirst.slice(plans[plan].monitors);
}

/** The plan whose limits apply: an unpaid or cancelled subscription has the Free plan's limits (spec §3 notice). */
export function effectivePlan(user: { planType: PlanName; planStatus: string }): PlanName {
  return user.planStatus === "active" || user.planStatus === "past_due" ? user.planType : "Free";
}
