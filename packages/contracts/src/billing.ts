import { z } from "zod";
import { billingPeriods, planStatuses } from "./auth";
import { channelTypes, frequencies, planNames } from "./plans";

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

export const planLimitsSchema = z.object({
  monitors: z.number(),
  fastestFrequency: z.enum(frequencies),
  historyDays: z.number(),
  channels: z.array(z.enum(channelTypes)).readonly(),
  apiKeys: z.boolean(),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

/** The plan whose limits apply to a user, and why. */
export const entitlementSchema = z.object({
  /** The plan the user chose (planType). */
  chosen: z.enum(planNames),
  status: z.enum(planStatuses),
  /** The plan whose limits apply now. */
  inForce: z.enum(planNames),
  reason: z.enum(entitlementReasons),
  /** While past due: when the paid plan's limits end (ISO time). */
  graceEndsAt: z.string().nullable(),
  /** One sentence for every screen, e.g. "Pro chosen, payment pending: Free limits apply until it is paid." */
  explanation: z.string(),
  /** True when paying (Checkout or the billing portal) would restore the chosen plan. */
  paymentNeeded: z.boolean(),
});
export type Entitlement = z.infer<typeof entitlementSchema>;

/** GET /api/v1/billing: what the account and settings screens show. */
export const billingStateSchema = z.object({
  entitlement: entitlementSchema,
  limits: planLimitsSchema,
  usage: z.object({
    monitors: z.number(),
    activeMonitors: z.number(),
    pausedByPlan: z.number(),
    apiKeys: z.number(),
  }),
  period: z.enum(billingPeriods),
  /** Stripe is configured on this server; without it the administrator assigns plans. */
  paymentsEnabled: z.boolean(),
  /** A Stripe customer exists: the billing portal can be opened. */
  canManageBilling: z.boolean(),
  /** Said on the paid paths when payments are not configured. */
  paymentsUnavailableMessage: z.string().nullable(),
});
export type BillingState = z.infer<typeof billingStateSchema>;

/** POST /billing/checkout: the paid plan and how often it is paid. */
export const checkoutSchema = z.strictObject({
  planType: z.enum(["Personal", "Pro", "Business"], {
    error: "Choose a paid plan: Personal, Pro or Business.",
  }),
  period: z.enum(billingPeriods).default("monthly"),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

/** POST /billing/checkout and /billing/portal: the Stripe page to go to. */
export const stripeRedirectSchema = z.object({ url: z.string() });
export type StripeRedirect = z.infer<typeof stripeRedirectSchema>;

export const paymentsUnavailableMessage =
  "Online payment is not set up on this server. Ask the administrator to assign your plan.";
