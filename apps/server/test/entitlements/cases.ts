import type { ChannelType, Frequency, PlanName, PlanStatus } from "@changeradar/contracts";

/**
 * DECISIONS "Plan gates", written out by hand (not derived from contracts' plans table), and every
 * status a subscription can be in, with the plan whose limits must apply.
 */
export const gateTable: Record<
  PlanName,
  { monitors: number; fastest: Frequency; historyDays: number; channels: ChannelType[]; apiKeys: boolean }
> = {
  Free: { monitors: 1, fastest: "1d", historyDays: 30, channels: ["email"], apiKeys: false },
  Personal: { monitors: 5, fastest: "12h", historyDays: 60, channels: ["email"], apiKeys: false },
  Pro: {
    monitors: 15,
    fastest: "1h",
    historyDays: 90,
    channels: ["email", "sms", "webhook"],
    apiKeys: false,
  },
  Business: {
    monitors: 50,
    fastest: "15m",
    historyDays: 180,
    channels: ["email", "sms", "webhook", "slack", "discord", "teams", "telegram", "ntfy"],
    apiKeys: true,
  },
};

export const DAY = 86_400_000;

export interface StatusCase {
  label: string;
  status: PlanStatus;
  /** How long ago the status began. */
  sinceDays: number;
  /** Does the chosen (paid) plan apply? */
  paidPlanApplies: boolean;
  reason: string;
}

export const statusCases: StatusCase[] = [
  { label: "active", status: "active", sinceDays: 40, paidPlanApplies: true, reason: "active" },
  { label: "incomplete", status: "incomplete", sinceDays: 0, paidPlanApplies: false, reason: "incomplete" },
  {
    label: "past_due within grace (6 days)",
    status: "past_due",
    sinceDays: 6,
    paidPlanApplies: true,
    reason: "past_due_grace",
  },
  {
    label: "past_due beyond grace (8 days)",
    status: "past_due",
    sinceDays: 8,
    paidPlanApplies: false,
    reason: "past_due_expired",
  },
  { label: "canceled", status: "canceled", sinceDays: 1, paidPlanApplies: false, reason: "canceled" },
];

export function expectedPlan(chosen: PlanName, c: StatusCase): PlanName {
  return chosen === "Free" || c.paidPlanApplies ? chosen : "Free";
}

export const frequencyOrder: Frequency[] = ["15m", "1h", "12h", "6h", "1d", "1w"].sort(
  (a, b) => minutes(a as Frequency) - minutes(b as Frequency),
) as Frequency[];

function minutes(f: Frequency): number {
  return { "15m": 15, "1h": 60, "6h": 360, "12h": 720, "1d": 1440, "1w": 10080 }[f];
}

export function frequencyAllowed(plan: PlanName, f: Frequency): boolean {
  return minutes(f) >= minutes(gateTable[plan].fastest);
}
