import type { PlanName } from "@changeradar/contracts";
import type { FastifyRequest } from "fastify";

/** A signed-in user as services see them for plan decisions: the id and the plan IN FORCE. */
export interface PlanOwner {
  id: string;
  plan: PlanName;
}

/** The owner of an authenticated request (authenticate.ts has set `user` and `entitlement`). */
export function ownerOf(request: FastifyRequest): PlanOwner {
  return { id: request.user.id, plan: request.entitlement.inForce };
}
