import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { rateLimit } from "../http/rate-limits";
import { createDemoService } from "./demo.service";

/** The signed-in user's demo page: try it (a monitor on it), read it, change it. Under /api/v1. */
export function registerDemoRoutes(api: FastifyInstance, ctx: AppContext): void {
  const demo = createDemoService(ctx);
  const auth = { preHandler: api.authenticate };

  api.get("/demo", auth, async (request) => demo.get(request.user.id));
  api.post("/demo", auth, async (request) => demo.start(request.user.id, request.body));
  api.post(
    "/demo/change",
    { ...auth, config: { rateLimit: rateLimit(ctx.config, "demoChange") } },
    async (request) => demo.change(request.user.id, request.body),
  );
}

/** The demo page as a browser sees it, at `/demo/<token>` beside the web app (not under /api/v1). */
export function registerDemoPageRoute(app: FastifyInstance, ctx: AppContext): void {
  const demo = createDemoService(ctx);
  app.get<{ Params: { token: string } }>(
    "/demo/:token",
    { config: { rateLimit: rateLimit(ctx.config, "demoPage") } },
    async (request, reply) => {
      const html = await demo.page(request.params.token);
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("x-robots-tag", "noindex, nofollow")
        .header("referrer-policy", "no-referrer")
        .header("cache-control", "no-store")
        .send(html);
    },
  );
}
