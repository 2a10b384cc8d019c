import type { AuthUser, PlanName } from "@changeradar/contracts";
import type { FastifyRequest } from "fastify";
import type { AppContext, ServiceContext } from "../context";

/** A signed-in user as services see them for plan decisions: the id and the plan IN FORCE. */
export interface PlanOwner {
  id: string;
  plan: PlanName;
}

/** The signed-in user a service acts for: who they are, and the plan in force (read it, never planType). */
export type ActingUser = AuthUser & PlanOwner;

/** The context of a service acting for the signed-in user: the app's parts it uses and `user`. */
export type UserContext<Parts extends keyof AppContext> = ServiceContext<Parts, { user: ActingUser }>;

/** The owner of an authenticated request (authenticate.ts has set `user` and `entitlement`). */
export function ownerOf(request: FastifyRequest): PlanOwner {
  return { id: request.user.id, plan: request.entitlement.inForce };
}

/** The app's context with the signed-in user of an authenticated request, for a service call. */
export function asUser(ctx: AppContext, request: FastifyRequest): AppContext & { user: ActingUser } {
  return { ...ctx, user: { ...request.user, plan: request.entitlement.inForce } };
}
