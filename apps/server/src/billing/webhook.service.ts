import type { PlanName, PlanStatus } from "@changeradar/contracts";
import type Stripe from "stripe";
import type { StripeConfig } from "../config";
import type { ServiceContext } from "../context";
import type { Database } from "../db/database";
import type { UserRow } from "../db/schema/users";
import { changePlan } from "../entitlements";
import { Invalid } from "../http/errors";
import { findBillingUser, recordEvent, setBillingIds } from "./billing.repository";
import { planOfPrice, statusOfSubscription } from "./subscription-status";

/** The webhook acts for no one: the app's parts and the Stripe client, which only exists when configured. */
export type WebhookContext = ServiceContext<"db" | "clock" | "log" | "config", { stripe: Stripe }>;

export type WebhookOutcome = "applied" | "replayed" | "stale" | "ignored";

/**
 * POST /billing/webhook. The signature is verified on the raw body (400 and nothing changed otherwise).
 * Each event is applied once (its id is stored in the same transaction), and an event older than the
 * newest one already applied to the user is recorded but not applied (Stripe may deliver out of order).
 */
export async function handleWebhook(
  ctx: WebhookContext,
  input: { rawBody: Buffer; signature: string | undefined },
): Promise<WebhookOutcome> {
  const { rawBody, signature } = input;
  const { webhookSecret } = ctx.config.stripe;
  if (!webhookSecret) throw new Invalid("Payments are not configured on this server.");
  let event: Stripe.Event;
  try {
    event = ctx.stripe.webhooks.constructEvent(rawBody, signature ?? "", webhookSecret);
  } catch {
    throw new Invalid("Invalid Stripe signature.");
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event.id, event.type))) return "replayed" as const;
    return applyEvent(tx, ctx, event);
  });
  ctx.log.info({ eventId: event.id, type: event.type, outcome }, "stripe webhook");
  return outcome;
}

interface Target {
  ref: { userId?: string | null; customerId?: string | null };
  /** The plan status and plan the event says, or null to leave them. */
  change: (user: UserRow) => { planType: PlanName; planStatus: PlanStatus } | null;
  subscriptionId?: string | null;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function targetOf(event: Stripe.Event, config: StripeConfig): Target | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const plan = session.metadata?.planType as PlanName | undefined;
      return {
        ref: {
          userId: session.client_reference_id ?? session.metadata?.userId,
          customerId: idOf(session.customer),
        },
        subscriptionId: idOf(session.subscription),
        change: (user) =>
          session.payment_status === "unpaid"
            ? null
            : { planType: plan && plan !== "Free" ? plan : user.planType, planStatus: "active" },
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = event.data.object;
      const plan = planOfPrice(config, sub.items?.data?.[0]?.price?.id);
      const status =
        event.type === "customer.subscription.deleted" ? "canceled" : statusOfSubscription(sub.status);
      return {
        ref: { userId: sub.metadata?.userId, customerId: idOf(sub.customer) },
        subscriptionId: sub.id,
        change: (user) => {
          // A deleted subscription that is not the user's current one (replaced by a newer) changes nothing.
          if (status === "canceled" && user.stripeSubscriptionId && user.stripeSubscriptionId !== sub.id)
            return null;
          return { planType: plan ?? user.planType, planStatus: status };
        },
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const paid = event.type === "invoice.paid";
      return {
        ref: { customerId: idOf(invoice.customer) },
        change: (user) => {
          if (paid)
            return user.planStatus === "canceled" ? null : { planType: user.planType, planStatus: "active" };
          // A failed renewal makes an active plan past due; a first payment that fails stays incomplete.
          return user.planStatus === "active" && user.planType !== "Free"
            ? { planType: user.planType, planStatus: "past_due" }
            : null;
        },
      };
    }
    default:
      return null;
  }
}

async function applyEvent(tx: Database, ctx: WebhookContext, event: Stripe.Event): Promise<WebhookOutcome> {
  const target = targetOf(event, ctx.config.stripe);
  if (!target) return "ignored";
  const user = await findBillingUser(tx, target.ref);
  if (!user) {
    ctx.log.warn({ eventId: event.id, type: event.type }, "stripe webhook for an unknown customer");
    return "ignored";
  }
  const created = new Date(event.created * 1000);
  if (user.billingEventAt && created < user.billingEventAt) return "stale";
  await setBillingIds(tx, user.id, {
    billingEventAt: created,
    ...(target.ref.customerId && !user.stripeCustomerId ? { stripeCustomerId: target.ref.customerId } : {}),
    ...(target.subscriptionId && event.type !== "customer.subscription.deleted"
      ? { stripeSubscriptionId: target.subscriptionId }
      : {}),
  });
  const change = target.change(user);
  if (change && (change.planType !== user.planType || change.planStatus !== user.planStatus)) {
    await changePlan(tx, user, change, ctx.clock.now());
  }
  return "applied";
}
