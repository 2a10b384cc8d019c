import { limits } from "@changeradar/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { Forbidden } from "../http/errors";
import { randomToken, safeEqual } from "./secrets";
import type { Session } from "./sessions.service";

export const REFRESH_COOKIE = "cr_refresh";
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
/** The refresh cookie is only ever sent to the auth endpoints. */
const REFRESH_PATH = "/api/v1/auth";

function persistence(persistent: boolean) {
  // Without "keep me signed in" both are session cookies: gone when the browser closes.
  return persistent ? { maxAge: days(limits.persistentRefreshDays) } : {};
}
const days = (n: number) => n * 86_400;

/** Sets the refresh cookie and a fresh XSRF cookie the web app echoes in X-XSRF-TOKEN. */
export function setSessionCookies(
  reply: FastifyReply,
  config: Pick<Config, "secureCookies">,
  session: Session,
) {
  const base = { sameSite: "lax", secure: config.secureCookies, ...persistence(session.persistent) } as const;
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, { ...base, httpOnly: true, path: REFRESH_PATH });
  reply.setCookie(XSRF_COOKIE, randomToken(), { ...base, httpOnly: false, path: "/" });
}

export function clearSessionCookies(reply: FastifyReply, config: Pick<Config, "secureCookies">) {
  const base = { sameSite: "lax", secure: config.secureCookies } as const;
  reply.clearCookie(REFRESH_COOKIE, { ...base, httpOnly: true, path: REFRESH_PATH });
  reply.clearCookie(XSRF_COOKIE, { ...base, path: "/" });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}

/** CSRF double-submit: a cookie-authenticated call must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN. */
export function assertCsrf(request: FastifyRequest): void {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== "string" || !header || !safeEqual(cookie, header)) {
    throw new Forbidden("Missing or wrong X-XSRF-TOKEN header: it must repeat the XSRF-TOKEN cookie.");
  }
}
