import { feedbackItemSchema, feedbackSchema, itemsOf } from "@changeradar/contracts";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { type Api, failures } from "../http/route-schema";
import { feedbackHistory, submitFeedback } from "./feedback.service";

export function registerFeedbackRoutes(api: Api, ctx: AppContext): void {
  const auth = { preHandler: api.authenticate };
  const tags = ["Support"];
  const limit = {
    rateLimit: { max: Math.max(1, Math.round(10 * ctx.config.rateLimitScale)), timeWindow: 3_600_000 },
  };

  api.post(
    "/feedback",
    {
      ...auth,
      config: limit,
      schema: {
        tags,
        summary: "Rate the product and say why",
        body: feedbackSchema,
        response: { 201: feedbackItemSchema, ...failures(400, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await submitFeedback(asUser(ctx, request), request.body)),
  );

  api.get(
    "/feedback",
    {
      ...auth,
      schema: { tags, summary: "Your feedback so far", response: { 200: itemsOf(feedbackItemSchema) } },
    },
    async (request) => feedbackHistory(asUser(ctx, request)),
  );
}
