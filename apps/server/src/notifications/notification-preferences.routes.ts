import {
  notificationPreferencesSchema,
  type TokenResponse,
  tokenResponseSchema,
} from "@changeradar/contracts";
import { sessionIdOf, signAccessToken } from "../auth/access-token";
import type { AppContext } from "../context";
import { type Api, failures } from "../http/route-schema";
import { toAuthUser } from "../users/users.presenter";
import { updateUser } from "../users/users.repository";

/**
 * PATCH /users/notification-preferences: immediate alerts or a daily digest. The user lives in the access
 * token (spec §3), so the answer is a fresh token carrying the new preferences.
 */
export function registerNotificationPreferenceRoutes(api: Api, ctx: AppContext): void {
  api.patch(
    "/users/notification-preferences",
    {
      preHandler: api.authenticate,
      schema: {
        tags: ["Account"],
        summary: "Immediate alerts or a daily digest",
        description: "Answers a fresh access token that carries the new preferences.",
        body: notificationPreferencesSchema,
        response: { 200: tokenResponseSchema, ...failures(400) },
      },
    },
    async (request): Promise<TokenResponse> => {
      const row = await updateUser(ctx.db, request.user.id, { notificationPreferences: request.body });
      const user = toAuthUser(row);
      // The new token stays in the caller's session; an API-key caller has none.
      const sessionId =
        (await sessionIdOf(request.headers.authorization, ctx.config.jwtSecret, ctx.clock)) ?? "api-key";
      return { accessToken: await signAccessToken(user, sessionId, ctx.config.jwtSecret, ctx.clock), user };
    },
  );
}
