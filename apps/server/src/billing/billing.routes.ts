import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { billingState } from "./billing-state";

/** The signed-in user's plan in force and payments (issue 9). */
export function registerBillingRoutes(api: FastifyInstance, ctx: AppContext): void {
  const signedIn = { preHandler: api.authenticate };
  api.get("/billing", signedIn, async (request) => billingState(ctx, request.user.id));
}
