import type { AuthUser } from "@changeradar/contracts";
import type { FastifyRequest } from "fastify";
import type { Actor } from "../audit/audit.service";
import type { AppContext, ServiceContext } from "../context";

/** An administrator as the audit log and support replies name them. */
export type AdminActor = Actor & { name: string };

/** The context of a service an administrator acts through: the app's parts it uses and `actor`. */
export type AdminContext<Parts extends keyof AppContext> = ServiceContext<Parts, { actor: AdminActor }>;

/** The signed-in administrator as the audit log and support replies name them. */
export function adminActor(user: AuthUser): AdminActor {
  return {
    id: user.id,
    label: user.email,
    name: `${user.firstName} ${user.lastName}`.trim() || "ChangeRadar support",
  };
}

/** The app's context with the administrator of a `requireAdmin` request acting, for a service call. */
export function asAdmin(ctx: AppContext, request: FastifyRequest): AppContext & { actor: AdminActor } {
  return { ...ctx, actor: adminActor(request.user) };
}
