import { type BillingState, paymentsUnavailableMessage } from "@changeradar/contracts";
import type { Config } from "../config";
import { limitsOf, planInForce, type UserContext } from "../entitlements";
import { usageOf } from "../entitlements/entitlements.repository";
import { NotFound } from "../http/errors";
import { findUserById } from "../users/users.repository";

/** Whether this server takes payments: a secret key and a webhook secret are both needed. */
export function paymentsEnabled(config: Pick<Config, "stripe">): boolean {
  return Boolean(config.stripe.secretKey && config.stripe.webhookSecret);
}

/** GET /billing: the plan chosen, the plan in force and why, its limits and the usage against them. */
export async function billingState(ctx: UserContext<"db" | "clock" | "config">): Promise<BillingState> {
  const userId = ctx.user.id;
  const row = await findUserById(ctx.db, userId);
  if (!row) throw new NotFound("Account not found.");
  const entitlement = planInForce(row, ctx.clock.now());
  const enabled = paymentsEnabled(ctx.config);
  return {
    entitlement,
    limits: limitsOf(entitlement.inForce),
    usage: await usageOf(ctx.db, userId),
    period: row.period,
    paymentsEnabled: enabled,
    canManageBilling: enabled && row.stripeCustomerId !== null,
    paymentsUnavailableMessage: enabled ? null : paymentsUnavailableMessage,
  };
}
