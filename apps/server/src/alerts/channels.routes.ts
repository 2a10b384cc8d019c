import { createChannelSchema, verifyChannelSchema } from "@changeradar/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { rateLimit } from "../http/rate-limits";
import { validate } from "../http/validate";
import { createChannelsService } from "./channels.service";
import { routeId } from "./route-id";

const NOT_FOUND = "Channel not found.";

/** /channels: the user's alert channels (Notification Center → channels). */
export function registerChannelRoutes(api: FastifyInstance, ctx: AppContext): void {
  const channels = createChannelsService(ctx);
  const auth = { preHandler: api.authenticate };

  api.get("/channels", auth, async (request) => ({ items: await channels.list(request.user) }));

  api.post("/channels", auth, async (request, reply) => {
    const input = validate(createChannelSchema, request.body);
    reply.code(201);
    return channels.create(request.user, request.entitlement.inForce, input);
  });

  api.delete("/channels/:id", auth, async (request, reply) => {
    await channels.remove(request.user, routeId(request.params, NOT_FOUND));
    reply.code(204);
  });

  // A test sends a real message to the receiver: a few a minute per channel is plenty.
  const testLimit = {
    rateLimit: {
      max: Math.max(1, Math.round(5 * ctx.config.rateLimitScale)),
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) =>
        `channel-test|${(request.params as { id?: string }).id ?? ""}`,
    },
  };

  api.post("/channels/:id/test", { ...auth, config: testLimit }, async (request, reply) => {
    const result = await channels.sendTest(
      request.user,
      request.entitlement.inForce,
      routeId(request.params, NOT_FOUND),
    );
    reply.code(202);
    return result;
  });

  const verifyLimit = { rateLimit: rateLimit(ctx.config, "verifyChannel") };
  api.post("/channels/:id/verify", { ...auth, config: verifyLimit }, async (request) => {
    const id = routeId(request.params, NOT_FOUND);
    return channels.verify(request.user, id, validate(verifyChannelSchema, request.body));
  });

  api.post("/channels/:id/resend-verification", auth, async (request, reply) => {
    await channels.resendVerification(request.user, routeId(request.params, NOT_FOUND));
    reply.code(202);
    return { sent: true };
  });
}
