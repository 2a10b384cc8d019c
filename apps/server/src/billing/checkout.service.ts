import { type BillingPeriod, type checkoutSchema, paymentsUnavailableMessage } from "@changeradar/contracts";
import type Stripe from "stripe";
import type { z } from "zod";
import type { Config } from "../config";
import { changePlan, type UserContext } from "../entitlements";
import { Conflict, Invalid, NotFound } from "../http/errors";
import { findUserById, updateUser } from "../users/users.repository";
import { findBillingUser, setBillingIds } from "./billing.repository";
import { priceOf } from "./subscription-status";

/** Payments for the signed-in user; `stripe` is null when this server takes none. */
export type CheckoutContext = UserContext<"db" | "clock" | "config"> & { stripe: Stripe | null };

/** The account screen is where every payment flow returns, with the outcome in the query. */
function accountUrl(config: Pick<Config, "appUrl">, query: string): string {
  return `${config.appUrl}/auth/account?${query}`;
}

function requireStripe(ctx: CheckoutContext): Stripe {
  if (!ctx.stripe) throw new Conflict(paymentsUnavailableMessage);
  return ctx.stripe;
}

/**
 * POST /billing/checkout: a Stripe Checkout session (subscription mode) for a paid plan. The user's choice
 * is stored as planType with status 'incomplete' (Free limits until paid) unless a paid plan is in force.
 */
export async function startCheckout(
  ctx: CheckoutContext,
  input: z.output<typeof checkoutSchema>,
): Promise<{ url: string }> {
  const userId = ctx.user.id;
  const stripe = requireStripe(ctx);
  const price = priceOf(ctx.config.stripe, input.planType, input.period);
  if (!price)
    throw new Conflict(`The ${input.planType} plan cannot be bought ${input.period} on this server yet.`);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new NotFound("Account not found.");
  if (
    user.stripeSubscriptionId &&
    ["active", "past_due"].includes(user.planStatus) &&
    user.planType !== "Free"
  ) {
    throw new Conflict("You already have a subscription: use Manage billing to change or cancel it.");
  }
  let customerId = user.stripeCustomerId;
  if (!customerId) {
    const customer = await stripe.customers.create({
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim(),
      metadata: { userId: user.id },
    });
    customerId = customer.id;
    await setBillingIds(ctx.db, user.id, { stripeCustomerId: customerId });
  }
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customerId,
    client_reference_id: user.id,
    line_items: [{ price, quantity: 1 }],
    metadata: { userId: user.id, planType: input.planType, period: input.period },
    subscription_data: { metadata: { userId: user.id, planType: input.planType } },
    success_url: accountUrl(ctx.config, "checkout=success&session_id={CHECKOUT_SESSION_ID}"),
    cancel_url: accountUrl(ctx.config, `checkout=canceled&planType=${input.planType}&period=${input.period}`),
  });
  if (!session.url) throw new Invalid("Stripe did not return a checkout page.");
  await recordChoice(ctx, user.id, input.planType, input.period);
  return { url: session.url };
}

/** The chosen plan, unpaid: stored so every screen says "Pro chosen, payment pending". */
async function recordChoice(
  ctx: CheckoutContext,
  userId: string,
  planType: "Personal" | "Pro" | "Business",
  period: BillingPeriod,
) {
  await ctx.db.transaction(async (tx) => {
    const user = await findBillingUser(tx, { userId });
    if (!user || (user.planStatus === "active" && user.planType !== "Free")) return;
    await changePlan(tx, user, { planType, planStatus: "incomplete" }, ctx.clock.now());
    await updateUser(tx, userId, { period });
  });
}

/** POST /billing/portal: Stripe's Customer Portal (change plan, payment method, cancel). */
export async function openPortal(ctx: CheckoutContext): Promise<{ url: string }> {
  const stripe = requireStripe(ctx);
  const user = await findUserById(ctx.db, ctx.user.id);
  if (!user?.stripeCustomerId)
    throw new Conflict("There is no billing account yet: choose a paid plan first.");
  const session = await stripe.billingPortal.sessions.create({
    customer: user.stripeCustomerId,
    return_url: accountUrl(ctx.config, "portal=return"),
  });
  return { url: session.url };
}
