import type { AuthUser, Entitlement } from "@changeradar/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { userIdForApiKey } from "../api-keys/api-key-auth";
import { looksLikeApiKey } from "../api-keys/api-key-token";
import type { AppContext } from "../context";
import { assertApiKeyLoginAllowed, planInForce } from "../entitlements";
import { Forbidden, Unauthorized } from "../http/errors";
import { toAuthUser } from "../users/users.presenter";
import { findUserById } from "../users/users.repository";
import { verifyAccessToken } from "./access-token";
import { sessionIsLive } from "./session-liveness";

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler: a valid bearer access token → `request.user`; none → 401; expired/invalid → 403. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: `authenticate`, then 403 unless the user is an admin. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; read it only on routes that use that preHandler. */
    user: AuthUser;
    /** The plan in force for `request.user` (entitlements/), set with it. Gates read this, never planType. */
    entitlement: Entitlement;
  }
}

/**
 * Decorates the root instance, so every domain's routes can say `{ preHandler: app.authenticate }`.
 * The user is read fresh from the database on each call: a plan change or a disabled account takes
 * effect at once, not when the token expires.
 */
export function installAuthentication(app: FastifyInstance, ctx: AppContext): void {
  // Declared empty here; `authenticate` sets both before any handler that uses it runs.
  app.decorateRequest("user");
  app.decorateRequest("entitlement");

  const authenticate = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw new Unauthorized();
    const [scheme, token] = header.split(" ");
    if (scheme?.toLowerCase() !== "bearer" || !token) {
      throw new Forbidden("The Authorization header must be 'Bearer <access token>'.");
    }
    const viaApiKey = looksLikeApiKey(token);
    let userId: string;
    if (viaApiKey) {
      userId = await userIdForApiKey(ctx, token);
    } else {
      const check = await verifyAccessToken(token, ctx.config.jwtSecret, ctx.clock);
      if (!check.ok) {
        throw new Forbidden(
          check.reason === "expired" ? "Your session has expired." : "Invalid access token.",
        );
      }
      // Logout and password resets end the session: its access tokens stop at once.
      if (!(await sessionIsLive(ctx, check.sessionId, check.userId))) {
        throw new Forbidden("Your session has ended. Please sign in again.");
      }
      userId = check.userId;
    }
    const row = await findUserById(ctx.db, userId);
    if (!row) throw new Forbidden("Invalid access token.");
    if (row.disabledAt) throw new Forbidden("This account is disabled. Please contact support.");
    const entitlement = planInForce(row, ctx.clock.now());
    if (viaApiKey) assertApiKeyLoginAllowed(entitlement.inForce);
    request.user = toAuthUser(row);
    request.entitlement = entitlement;
  };

  app.decorate("authenticate", authenticate);
  app.decorate("requireAdmin", async (request: FastifyRequest) => {
    await authenticate(request);
    if (!request.user.isAdmin) throw new Forbidden("This area is for administrators only.");
  });
}
