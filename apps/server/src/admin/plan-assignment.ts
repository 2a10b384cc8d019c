import type { PlanChangeResult, PlanName } from "@changeradar/contracts";
import { type Actor, audit } from "../audit/audit.service";
import type { ServiceContext } from "../context";
import type { UserRow } from "../db/schema";
import { changePlan } from "../entitlements";

/**
 * An administrator (or the operator's `changeradar plan`) sets a user's plan, active, through the one
 * plan-change path billing uses (entitlements' changePlan), in the same transaction as the audit entry: monitors beyond the new plan are paused, checks faster than
 * it allows are slowed down, nothing is deleted. The audit entry commits with the change.
 */
export async function assignPlan(
  ctx: ServiceContext<"db" | "clock", { actor: Actor }>,
  input: { user: UserRow; plan: PlanName },
): Promise<PlanChangeResult> {
  const { actor } = ctx;
  const { user, plan } = input;
  return ctx.db.transaction(async (tx) => {
    const effect = await changePlan(tx, user, { planType: plan, planStatus: "active" }, ctx.clock.now());
    await audit(
      { db: tx, actor },
      {
        action: "user.plan_change",
        targetType: "user",
        targetId: user.id,
        targetLabel: user.email,
        changes: {
          planType: { from: user.planType, to: plan },
          planStatus: { from: user.planStatus, to: "active" },
          monitorsPaused: effect.paused,
          monitorsSlowedDown: effect.slowedDown,
        },
      },
    );
    const notes = [
      effect.paused > 0 ? `${effect.paused} monitor(s) over the plan's limit paused` : null,
      effect.slowedDown > 0 ? `${effect.slowedDown} monitor(s) set to the plan's fastest frequency` : null,
    ].filter(Boolean);
    const message = `${user.email} is now on the ${plan} plan (active).${notes.length ? ` ${notes.join("; ")}.` : ""}`;
    return { message, paused: effect.paused, slowedDown: effect.slowedDown };
  });
}
