import { liveTicketSchema } from "@changeradar/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { looksLikeApiKey } from "../api-keys/api-key-token";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { Forbidden, TooManyRequests } from "../http/errors";
import { type Api, failures, textAnswer } from "../http/route-schema";
import { toAuthUser } from "../users/users.presenter";
import { findUserById } from "../users/users.repository";
import { createLiveHub } from "./live-hub";
import { issueLiveTicket, spendLiveTicketFor } from "./live-tickets.service";
import { openSseStream, type SseStream } from "./sse-stream";

const MAX_STREAMS_PER_USER = 10;

const API_KEY_REFUSED = "API keys cannot open the live stream. Sign in and use an access token.";

/**
 * POST /live/ticket: a signed-in user (access token, not an API key) gets a single-use ticket for the stream.
 * GET /events: the user's live stream (check results, new notifications), opened with `?ticket=` (what
 * EventSource uses, as it cannot send headers) or an `Authorization: Bearer <access token>` header.
 * Long-lived API keys are refused on both; tokens never travel in the URL.
 */
export async function registerLiveRoutes(api: Api, ctx: AppContext): Promise<void> {
  const hub = await createLiveHub(ctx.database, ctx.log);
  const streams = new Set<SseStream>();

  const refuseApiKeys = (request: FastifyRequest) => {
    const token = request.headers.authorization?.split(" ")[1];
    if (token && looksLikeApiKey(token)) throw new Forbidden(API_KEY_REFUSED);
  };

  const accessTokenOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    refuseApiKeys(request);
    await api.authenticate(request, reply);
  };

  const ticketOrAccessToken = async (request: FastifyRequest, reply: FastifyReply) => {
    const ticket = (request.query as { ticket?: unknown } | null)?.ticket;
    if (typeof ticket !== "string" || request.headers.authorization) return accessTokenOnly(request, reply);
    const row = await findUserById(ctx.db, await spendLiveTicketFor(ctx, { ticket }));
    if (!row || row.disabledAt) throw new Forbidden("This account cannot open the live stream.");
    request.user = toAuthUser(row);
  };

  const tags = ["Live"];
  api.post(
    "/live/ticket",
    {
      preHandler: accessTokenOnly,
      schema: {
        tags,
        summary: "A single-use ticket to open the live stream (access tokens only, not API keys)",
        response: { 200: liveTicketSchema },
      },
    },
    async (request) => {
      const { ticket, expiresAt } = await issueLiveTicket(asUser(ctx, request));
      return { ticket, expiresAt: expiresAt.toISOString() };
    },
  );

  api.get(
    "/events",
    {
      preHandler: ticketOrAccessToken,
      schema: {
        tags,
        summary: "Your live stream of check results and new notifications (Server-Sent Events)",
        description:
          "Open with `?ticket=` (from POST /live/ticket; what EventSource can send) or an `Authorization: Bearer <access token>` header. Each event's data is one JSON live event (the contracts' liveEventSchema). At most 10 streams per user.",
        querystring: z.object({ ticket: z.string().optional() }),
        response: { 200: textAnswer("text/event-stream"), ...failures(429) },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      if (hub.count(userId) >= MAX_STREAMS_PER_USER) {
        throw new TooManyRequests("Too many live connections are open. Close a tab and try again.");
      }
      reply.hijack();
      let unsubscribe = () => {};
      const stream = openSseStream(reply.raw, () => {
        unsubscribe();
        streams.delete(stream);
      });
      streams.add(stream);
      unsubscribe = hub.subscribe(userId, (event) => stream.send(event));
    },
  );

  // Before the server stops accepting: end every stream so close() does not wait on them.
  api.addHook("preClose", async () => {
    for (const stream of [...streams]) stream.close();
  });
  api.addHook("onClose", async () => hub.close());
}
