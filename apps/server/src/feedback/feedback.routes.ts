import { feedbackSchema } from "@changeradar/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { validate } from "../http/validate";
import { feedbackHistory, submitFeedback } from "./feedback.service";

export function registerFeedbackRoutes(api: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: api.authenticate };
  const limit = {
    rateLimit: { max: Math.max(1, Math.round(10 * ctx.config.rateLimitScale)), timeWindow: 3_600_000 },
  };

  api.post("/feedback", { ...auth, config: limit }, async (request, reply) => {
    const item = await submitFeedback(ctx, request.user, validate(feedbackSchema, request.body));
    reply.code(201);
    return item;
  });

  api.get("/feedback", auth, async (request) => feedbackHistory(ctx, request.user));
}
