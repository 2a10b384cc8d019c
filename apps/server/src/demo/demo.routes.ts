import { demoChangeSchema, demoRequestSchema, demoSchema } from "@changeradar/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { rateLimit } from "../http/rate-limits";
import { type Api, failures } from "../http/route-schema";
import { changeDemo, demoPage, getDemo, startDemo } from "./demo.service";

/** The signed-in user's demo page: try it (a monitor on it), read it, change it. Under /api/v1. */
export function registerDemoRoutes(api: Api, ctx: AppContext): void {
  const auth = { preHandler: api.authenticate };
  const tags = ["Demo page"];

  api.get(
    "/demo",
    {
      ...auth,
      schema: {
        tags,
        summary:
          "Your demo page: its address, its monitor and how often it was changed (404 before you tried it)",
        response: { 200: demoSchema },
      },
    },
    async (request) => getDemo(asUser(ctx, request)),
  );
  api.post(
    "/demo",
    {
      ...auth,
      schema: {
        tags,
        summary:
          "Try it: make your own demo page and a monitor on it (does not count toward the plan's limit)",
        description:
          "The page is served by ChangeRadar at /demo/{token} and its monitor reads it in-process. Asking again returns the same page and monitor (a new monitor if you deleted it). No body.",
        body: demoRequestSchema,
        response: { 200: demoSchema, ...failures(400) },
      },
    },
    async (request) => startDemo(asUser(ctx, request)),
  );
  api.post(
    "/demo/change",
    {
      ...auth,
      config: { rateLimit: rateLimit(ctx.config, "demoChange") },
      schema: {
        tags,
        summary: "Change your demo page one step (price, stock, a new item) and check its monitor now",
        description:
          "A check already running is followed by another, so the change is always checked. The change waits for the demo monitor's first check (its baseline); 409 only when that has not finished within 15 s.",
        body: demoRequestSchema,
        response: { 200: demoChangeSchema, ...failures(400, 409, 429) },
      },
    },
    async (request) => changeDemo(asUser(ctx, request)),
  );
}

/** The demo page as a browser sees it, at `/demo/<token>` beside the web app (not under /api/v1). */
export function registerDemoPageRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { token: string } }>(
    "/demo/:token",
    { config: { rateLimit: rateLimit(ctx.config, "demoPage") } },
    async (request, reply) => {
      const html = await demoPage(ctx, { token: request.params.token });
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("x-robots-tag", "noindex, nofollow")
        .header("referrer-policy", "no-referrer")
        .header("cache-control", "no-store")
        .send(html);
    },
  );
}
