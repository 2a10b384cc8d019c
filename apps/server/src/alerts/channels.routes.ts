import {
  channelSchema,
  channelTestResultSchema,
  createChannelSchema,
  itemsOf,
  verifyChannelSchema,
} from "@changeradar/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { rateLimit } from "../http/rate-limits";
import { type Api, failures, idParams, noContent } from "../http/route-schema";
import {
  createChannel,
  listChannels,
  removeChannel,
  resendChannelVerification,
  sendTestAlert,
  verifyChannel,
} from "./channels.service";
import { routeId } from "./route-id";

const NOT_FOUND = "Channel not found.";
const tags = ["Channels"];

/** /channels: the user's alert channels (Notification Center → channels). */
export function registerChannelRoutes(api: Api, ctx: AppContext): void {
  const auth = { preHandler: api.authenticate };

  api.get(
    "/channels",
    { ...auth, schema: { tags, summary: "List alert channels", response: { 200: itemsOf(channelSchema) } } },
    async (request) => ({ items: await listChannels(asUser(ctx, request)) }),
  );

  api.post(
    "/channels",
    {
      ...auth,
      schema: {
        tags,
        summary: "Create an alert channel",
        description:
          'For `type: "webhook"`, `config.url` is the receiver and the answer carries the signing `secret` once. Email channels to an address other than your verified account email get a six-digit code to confirm. Channel types are gated by plan (402 names the plan).',
        body: createChannelSchema,
        response: { 201: channelSchema, ...failures(400, 402) },
      },
    },
    async (request, reply) => reply.code(201).send(await createChannel(asUser(ctx, request), request.body)),
  );

  api.delete(
    "/channels/:id",
    {
      ...auth,
      schema: { tags, summary: "Remove an alert channel", params: idParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await removeChannel(asUser(ctx, request), { id: routeId(request.params, NOT_FOUND) });
      return reply.code(204).send();
    },
  );

  // A test sends a real message to the receiver: a few a minute per channel is plenty.
  const testLimit = {
    rateLimit: {
      max: Math.max(1, Math.round(5 * ctx.config.rateLimitScale)),
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) =>
        `channel-test|${(request.params as { id?: string }).id ?? ""}`,
    },
  };

  api.post(
    "/channels/:id/test",
    {
      ...auth,
      config: testLimit,
      schema: {
        tags,
        summary: "Send a test alert",
        description: "Goes through the same delivery pipeline as real alerts.",
        params: idParams,
        response: { 202: channelTestResultSchema, ...failures(429) },
      },
    },
    async (request, reply) => {
      const result = await sendTestAlert(asUser(ctx, request), { id: routeId(request.params, NOT_FOUND) });
      return reply.code(202).send(result);
    },
  );

  api.post(
    "/channels/:id/verify",
    {
      ...auth,
      config: { rateLimit: rateLimit(ctx.config, "verifyChannel") },
      schema: {
        tags,
        summary: "Verify an email channel with its code",
        params: idParams,
        body: verifyChannelSchema,
        response: { 200: channelSchema, ...failures(400, 429) },
      },
    },
    async (request) =>
      verifyChannel(asUser(ctx, request), { ...request.body, id: routeId(request.params, NOT_FOUND) }),
  );

  api.post(
    "/channels/:id/resend-verification",
    {
      ...auth,
      schema: {
        tags,
        summary: "Mail a new verification code",
        params: idParams,
        response: { 202: z.object({ sent: z.literal(true) }), ...failures(429) },
      },
    },
    async (request, reply) => {
      await resendChannelVerification(asUser(ctx, request), { id: routeId(request.params, NOT_FOUND) });
      return reply.code(202).send({ sent: true });
    },
  );
}
