import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { Config } from "../config";
import { TooManyRequests } from "./errors";

/**
 * Per-route limits for the auth and contact endpoints (DESIGN §4). Keys combine the client address with
 * the account the request targets, so one person's typos do not lock out an office behind one address,
 * while guessing at one account stays slow. RATE_LIMIT_SCALE multiplies every `max`.
 */
type KeyBy = "ip" | "ip+email" | "ip+id" | "ip+userId" | "ip+:id" | "ip+:token";

const rules = {
  login: { max: 10, minutes: 15, keyBy: "ip+email" },
  /** On top of `login`: one address trying many emails (each costs a password hash) is capped too. */
  loginPerAddress: { max: 30, minutes: 15, keyBy: "ip" },
  signup: { max: 10, minutes: 60, keyBy: "ip" },
  forgotPassword: { max: 5, minutes: 15, keyBy: "ip+email" },
  verifyPasscode: { max: 10, minutes: 15, keyBy: "ip+id" },
  resendCode: { max: 3, minutes: 10, keyBy: "ip+userId" },
  resetPassword: { max: 10, minutes: 15, keyBy: "ip+id" },
  /** A channel's emailed code: guessing at one channel stays slow whoever asks. */
  verifyChannel: { max: 10, minutes: 15, keyBy: "ip+:id" },
  contact: { max: 5, minutes: 60, keyBy: "ip" },
  getHelp: { max: 10, minutes: 60, keyBy: "ip" },
  recordVisitor: { max: 30, minutes: 60, keyBy: "ip" },
  /** Each preview fetches (and may render) a page the user names: bounded per address. */
  preview: { max: 30, minutes: 10, keyBy: "ip" },
  /** Private feeds are polled by readers: generous per address and feed, bounded against scraping. */
  feed: { max: 60, minutes: 10, keyBy: "ip+:token" },
  /** Public share links (the change and its images) opened by whoever was sent one. */
  sharedChange: { max: 120, minutes: 10, keyBy: "ip" },
  /** "Change the demo page": each press changes the page and runs a check. */
  demoChange: { max: 30, minutes: 10, keyBy: "ip" },
  /** The demo page itself, opened in a browser (the checks read it in-process, not through here). */
  demoPage: { max: 120, minutes: 10, keyBy: "ip" },
} as const satisfies Record<string, { max: number; minutes: number; keyBy: KeyBy }>;

export type RateLimitName = keyof typeof rules;

function bodyField(request: FastifyRequest, field: string): string {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body && typeof body === "object" ? body[field] : undefined;
  return typeof value === "string" ? value.trim().toLowerCase().slice(0, 320) : "";
}

function routeParam(request: FastifyRequest, name: string): string {
  const value = (request.params as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value.slice(0, 64) : "";
}

/** Route option: `{ config: { rateLimit: rateLimit(config, "login") } }`. */
export function rateLimit(config: Pick<Config, "rateLimitScale">, name: RateLimitName) {
  const rule = rules[name];
  return {
    max: Math.max(1, Math.round(rule.max * config.rateLimitScale)),
    timeWindow: rule.minutes * 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const target =
        rule.keyBy === "ip"
          ? ""
          : rule.keyBy.startsWith("ip+:")
            ? routeParam(request, rule.keyBy.slice(4))
            : bodyField(request, rule.keyBy.slice(3));
      return `${name}|${request.ip}|${target}`;
    },
  };
}

/**
 * A second limit for a route that has one already (the plugin runs one per request): route option
 * `{ preHandler: extraRateLimit(api, config, "loginPerAddress") }`. Counted in the same store.
 */
export function extraRateLimit(
  api: FastifyInstance,
  config: Pick<Config, "rateLimitScale">,
  name: RateLimitName,
): preHandlerAsyncHookHandler {
  const limiter = api.createRateLimit(rateLimit(config, name));
  return async (request, reply) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header("retry-after", result.ttlInSeconds);
    throw tooManyRequests(result.ttl);
  };
}

/** The 429 of every rate limit, naming the wait (`ttlMs` until the window frees a request). */
export function tooManyRequests(ttlMs: number): TooManyRequests {
  return new TooManyRequests(tooManyRequestsMessage(Math.ceil(ttlMs / 60_000)));
}

export function tooManyRequestsMessage(minutes: number): string {
  const wait = minutes <= 1 ? "a minute" : `${minutes} minutes`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}
