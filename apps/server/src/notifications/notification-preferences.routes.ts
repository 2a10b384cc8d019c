import { notificationPreferencesSchema, type TokenResponse } from "@changeradar/contracts";
import type { FastifyInstance } from "fastify";
import { sessionIdOf, signAccessToken } from "../auth/access-token";
import type { AppContext } from "../context";
import { validate } from "../http/validate";
import { toAuthUser } from "../users/users.presenter";
import { updateUser } from "../users/users.repository";

/**
 * PATCH /users/notification-preferences: immediate alerts or a daily digest. The user lives in the access
 * token (spec §3), so the answer is a fresh token carrying the new preferences.
 */
export function registerNotificationPreferenceRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.patch(
    "/users/notification-preferences",
    { preHandler: api.authenticate },
    async (request): Promise<TokenResponse> => {
      const preferences = validate(notificationPreferencesSchema, request.body);
      const row = await updateUser(ctx.db, request.user.id, { notificationPreferences: preferences });
      const user = toAuthUser(row);
      // The new token stays in the caller's session; an API-key caller has none.
      const sessionId =
        (await sessionIdOf(request.headers.authorization, ctx.config.jwtSecret, ctx.clock)) ?? "api-key";
      return { accessToken: await signAccessToken(user, sessionId, ctx.config.jwtSecret, ctx.clock), user };
    },
  );
}
