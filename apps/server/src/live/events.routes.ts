import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { TooManyRequests } from "../http/errors";
import { createLiveHub } from "./live-hub";
import { openSseStream, type SseStream } from "./sse-stream";

const MAX_STREAMS_PER_USER = 10;

/**
 * GET /events: the user's live stream (check results, new notifications). EventSource cannot send
 * headers, so the access token may come as `?access_token=`; it is then checked like a bearer header.
 */
export async function registerLiveRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const hub = await createLiveHub(ctx.database, ctx.log);
  const streams = new Set<SseStream>();

  const tokenFromQuery = async (request: FastifyRequest, reply: Parameters<typeof api.authenticate>[1]) => {
    const token = (request.query as { access_token?: unknown } | null)?.access_token;
    if (typeof token === "string" && token.length > 0 && !request.headers.authorization) {
      request.headers.authorization = `Bearer ${token}`;
    }
    await api.authenticate(request, reply);
  };

  api.get("/events", { preHandler: tokenFromQuery }, async (request, reply) => {
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
  });

  // Before the server stops accepting: end every stream so close() does not wait on them.
  api.addHook("preClose", async () => {
    for (const stream of [...streams]) stream.close();
  });
  api.addHook("onClose", async () => hub.close());
}
