import {
  loginSchema,
  messageResponseSchema,
  signupResponseSchema,
  signupSchema,
  tokenResponseSchema,
} from "@changeradar/contracts";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../context";
import { extraRateLimit, rateLimit } from "../http/rate-limits";
import { type Api, failures } from "../http/route-schema";
import { login, signUp } from "./auth.service";
import { assertCsrf, clearSessionCookies, readRefreshCookie, setSessionCookies } from "./session-cookies";
import { endSession, refreshSession, type Session } from "./sessions.service";

const tags = ["Sign-in"];
/** Reached without an access token: by the account's password, or by the session cookie. */
const security: [] = [];

/** Sign-in, sign-up and the session cookie (spec §7, DESIGN §4). */
export function registerAuthRoutes(api: Api, ctx: AppContext): void {
  const answer = (reply: FastifyReply, session: Session) => {
    setSessionCookies(reply, ctx.config, session);
    return { accessToken: session.accessToken, user: session.user };
  };

  api.post(
    "/auth/login",
    {
      config: { rateLimit: rateLimit(ctx.config, "login") },
      preHandler: extraRateLimit(api, ctx.config, "loginPerAddress"),
      schema: {
        tags,
        security,
        summary: "Sign in with email and password",
        description: "Answers an access token and sets the session cookie (refresh token and its CSRF pair).",
        body: loginSchema,
        response: { 200: tokenResponseSchema, ...failures(400, 429) },
      },
    },
    async (request, reply) => answer(reply, await login(ctx, request.body)),
  );

  api.post(
    "/users/new-merchant",
    {
      config: { rateLimit: rateLimit(ctx.config, "signup") },
      schema: {
        tags,
        security,
        summary: "Create an account",
        description: "Signs the new account in, as /auth/login does, and mails a code to verify the email.",
        body: signupSchema,
        response: { 200: signupResponseSchema, ...failures(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const session = await signUp(ctx, request.body);
      return { ...answer(reply, session), userId: session.user.id };
    },
  );

  api.get(
    "/auth/refresh",
    {
      schema: {
        tags,
        security,
        summary: "A fresh access token from the session cookie",
        description: "Needs the refresh cookie and its CSRF header; rotates the refresh token.",
        response: { 200: tokenResponseSchema },
      },
    },
    async (request, reply) => {
      const presented = readRefreshCookie(request);
      if (presented) assertCsrf(request);
      try {
        return answer(reply, await refreshSession(ctx, { presented }));
      } catch (error) {
        clearSessionCookies(reply, ctx.config);
        throw error;
      }
    },
  );

  api.post(
    "/auth/logout",
    {
      schema: {
        tags,
        security,
        summary: "Sign out: end the cookie's session and clear the cookies",
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const presented = readRefreshCookie(request);
      if (presented) {
        assertCsrf(request);
        await endSession(ctx, { presented });
      }
      clearSessionCookies(reply, ctx.config);
      return { message: "You have been signed out." };
    },
  );
}
