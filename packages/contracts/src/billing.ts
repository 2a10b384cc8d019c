import type { PlanStatus } from "./auth";
import type { BillingPeriod, ChannelType, Frequency, PlanName } from "./plans";

/**
 * Why a plan is (or is not) in force (apps/server/src/entitlements/ decides):
 * - active: the chosen plan is paid (or free);
 * - incomplete: a paid plan was chosen but not paid yet → Free limits;
 * - past_due_grace: a renewal failed, the paid plan stays until the grace period ends;
 * - past_due_expired: the grace period is over → Free limits until it is paid;
 * - canceled: the subscription ended → Free limits.
 */
export const entitlementReasons = [
  "active",
  "incomplete",
  "past_due_grace",
  "past_due_expired",
  "canceled",
] as const;
export type EntitlementReason = (typeof entitlementReasons)[number];

export interface PlanLimits {
  monitors: number;
  fastestFrequency: Frequency;
  historyDays: number;
  channels: readonly ChannelType[];
  apiKeys: boolean;
}

/** The plan whose limits apply to a user, and why. */
export interface Entitlement {
  /** The plan the user chose (planType). */
  chosen: PlanName;
  status: PlanStatus;
  /** The plan whose limits apply now. */
  inForce: PlanName;
  reason: EntitlementReason;
  /** While past due: when the paid plan's limits end (ISO time). */
  graceEndsAt: string | null;
  /** One sentence for every screen, e.g. "Pro chosen, payment pending: Free limits apply until it is paid." */
  explanation: string;
  /** True when paying (Checkout or the billing portal) would restore the chosen plan. */
  paymentNeeded: boolean;
}

/** GET /api/v1/billing: what the account and settings screens show. */
export interface BillingState {
  entitlement: Entitlement;
  limits: PlanLimits;
  usage: { monitors: number; activeMonitors: number; pausedByPlan: number; apiKeys: number };
  period: BillingPeriod;
  /** Stripe is configured on this server; without it the administrator assigns plans. */
  paymentsEnabled: boolean;
  /** A Stripe customer exists: the billing portal can be opened. */
  canManageBilling: boolean;
  /** Said on the paid paths when payments are not configured. */
  paymentsUnavailableMessage: string | null;
}

/** POST /billing/checkout and /billing/portal: the Stripe page to go to. */
export interface StripeRedirect {
  url: string;
}

export const paymentsUnavailableMessage =
  "Online payment is not set up on this server. Ask the administrator to assign your plan.";
