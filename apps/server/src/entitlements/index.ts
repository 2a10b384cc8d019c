/**
 * Entitlements (DESIGN §8): the plan in force for a user, every plan gate with its one refusal message,
 * and the one way a plan changes. Nothing else on the server reads `planType` to decide what is allowed.
 */
export * from "./gates";
export { type ActingUser, asUser, ownerOf, type PlanOwner, type UserContext } from "./owner";
export { changePlan, type PlanChange } from "./plan-change";
export { limitsOf, PAST_DUE_GRACE_DAYS, type PlanHolder, planInForce } from "./plan-in-force";
