import { loginSchema, signupSchema } from "@changeradar/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../context";
import { extraRateLimit, rateLimit } from "../http/rate-limits";
import { validate } from "../http/validate";
import { login, signUp } from "./auth.service";
import { assertCsrf, clearSessionCookies, readRefreshCookie, setSessionCookies } from "./session-cookies";
import { endSession, refreshSession, type Session } from "./sessions.service";

/** Sign-in, sign-up and the session cookie (spec §7, DESIGN §4). */
export function registerAuthRoutes(api: FastifyInstance, ctx: AppContext): void {
  const answer = (reply: FastifyReply, session: Session) => {
    setSessionCookies(reply, ctx.config, session);
    return { accessToken: session.accessToken, user: session.user };
  };

  api.post(
    "/auth/login",
    {
      config: { rateLimit: rateLimit(ctx.config, "login") },
      preHandler: extraRateLimit(api, ctx.config, "loginPerAddress"),
    },
    async (request, reply) => {
      return answer(reply, await login(ctx, validate(loginSchema, request.body)));
    },
  );

  api.post(
    "/users/new-merchant",
    { config: { rateLimit: rateLimit(ctx.config, "signup") } },
    async (request, reply) => {
      const session = await signUp(ctx, validate(signupSchema, request.body));
      return { ...answer(reply, session), userId: session.user.id };
    },
  );

  api.get("/auth/refresh", async (request, reply) => {
    const presented = readRefreshCookie(request);
    if (presented) assertCsrf(request);
    try {
      return answer(reply, await refreshSession(ctx, presented));
    } catch (error) {
      clearSessionCookies(reply, ctx.config);
      throw error;
    }
  });

  api.post("/auth/logout", async (request, reply) => {
    const presented = readRefreshCookie(request);
    if (presented) {
      assertCsrf(request);
      await endSession(ctx, presented);
    }
    clearSessionCookies(reply, ctx.config);
    return { message: "You have been signed out." };
  });
}
