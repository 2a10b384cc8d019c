import type { PlanName, PlanStatus } from "@changeradar/contracts";
import type { StripeConfig } from "../config";

/** Stripe's subscription status → our plan status (spec §3 values). */
export function statusOfSubscription(status: string): PlanStatus {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "incomplete":
      return "incomplete";
    case "past_due":
    case "unpaid":
      return "past_due";
    default:
      return "canceled"; // canceled, incomplete_expired, paused
  }
}

/** Spec §3: a price identifier → the plan name it sells; null for a price this server does not know. */
export function planOfPrice(config: StripeConfig, priceId: string | null | undefined): PlanName | null {
  return config.prices.find((p) => p.priceId === priceId)?.plan ?? null;
}

export function priceOf(config: StripeConfig, plan: PlanName, period: "monthly" | "yearly"): string | null {
  return config.prices.find((p) => p.plan === plan && p.period === period)?.priceId ?? null;
}
