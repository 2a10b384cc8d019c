import { type Entitlement, type PlanName, type PlanStatus, plans } from "@changeradar/contracts";

/**
 * How long a paid plan stays in force after a renewal payment fails (Stripe's first retries fall inside
 * it). After that the Free plan's limits apply until the invoice is paid or the subscription ends.
 */
export const PAST_DUE_GRACE_DAYS = 7;
const DAY_MS = 86_400_000;

export interface PlanHolder {
  planType: PlanName;
  planStatus: PlanStatus;
  /** When planStatus last changed (the grace period of 'past_due' runs from here). */
  planStatusAt: Date;
}

/** The plan whose limits apply to a user at `now`, and why (DESIGN §8: the one place that decides). */
export function planInForce(user: PlanHolder, now: Date): Entitlement {
  const chosen = user.planType;
  const base = { chosen, status: user.planStatus, graceEndsAt: null };
  if (chosen === "Free") {
    return { ...base, inForce: "Free", reason: "active", explanation: "Free plan.", paymentNeeded: false };
  }
  switch (user.planStatus) {
    case "active":
      return {
        ...base,
        inForce: chosen,
        reason: "active",
        explanation: `${chosen} plan, paid.`,
        paymentNeeded: false,
      };
    case "incomplete":
      return {
        ...base,
        inForce: "Free",
        reason: "incomplete",
        explanation: `${chosen} chosen, payment pending: Free limits apply until it is paid.`,
        paymentNeeded: true,
      };
    case "past_due": {
      const graceEnds = new Date(user.planStatusAt.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
      if (now < graceEnds) {
        return {
          ...base,
          inForce: chosen,
          reason: "past_due_grace",
          graceEndsAt: graceEnds.toISOString(),
          explanation: `${chosen} payment failed: ${chosen} limits stay until ${day(graceEnds)}, then Free limits apply. Update your payment method.`,
          paymentNeeded: true,
        };
      }
      return {
        ...base,
        inForce: "Free",
        reason: "past_due_expired",
        graceEndsAt: graceEnds.toISOString(),
        explanation: `${chosen} payment failed: Free limits apply until it is paid.`,
        paymentNeeded: true,
      };
    }
    case "canceled":
      return {
        ...base,
        inForce: "Free",
        reason: "canceled",
        explanation: `${chosen} subscription canceled: Free limits apply.`,
        paymentNeeded: false,
      };
  }
}

/** The limits of the plan in force. */
export function limitsOf(plan: PlanName) {
  const p = plans[plan];
  return {
    monitors: p.monitors,
    fastestFrequency: p.fastestFrequency,
    historyDays: p.historyDays,
    channels: p.channels,
    apiKeys: p.apiKeys,
  };
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}
