import { type BillingState, paymentsUnavailableMessage } from "@changeradar/contracts";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { limitsOf, planInForce } from "../entitlements";
import { usageOf } from "../entitlements/entitlements.repository";
import { NotFound } from "../http/errors";
import { findUserById } from "../users/users.repository";

export interface BillingStateDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, "stripe">;
}

/** Whether this server takes payments: a secret key and a webhook secret are both needed. */
export function paymentsEnabled(config: Pick<Config, "stripe">): boolean {
  return Boolean(config.stripe.secretKey && config.stripe.webhookSecret);
}

/** GET /billing: the plan chosen, the plan in force and why, its limits and the usage against them. */
export async function billingState(deps: BillingStateDeps, userId: string): Promise<BillingState> {
  const row = await findUserById(deps.db, userId);
  if (!row) throw new NotFound("Account not found.");
  const entitlement = planInForce(row, deps.clock.now());
  const enabled = paymentsEnabled(deps.config);
  return {
    entitlement,
    limits: limitsOf(entitlement.inForce),
    usage: await usageOf(deps.db, userId),
    period: row.period,
    paymentsEnabled: enabled,
    canManageBilling: enabled && row.stripeCustomerId !== null,
    paymentsUnavailableMessage: enabled ? null : paymentsUnavailableMessage,
  };
}
