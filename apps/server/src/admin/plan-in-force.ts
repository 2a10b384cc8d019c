import type { PlanName } from "@changeradar/contracts";
import type { UserRow } from "../db/schema";

/**
 * The plan whose limits apply: the chosen plan while it is active, Free while a paid plan is unpaid,
 * past due or canceled. (Stand-in until the entitlements module lands; it then answers this.)
 */
export function planInForce(user: Pick<UserRow, "planType" | "planStatus">): PlanName {
  return user.planStatus === "active" ? user.planType : "Free";
}
