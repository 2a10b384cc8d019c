import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { ownerOf } from "../entitlements";
import { rateLimit } from "../http/rate-limits";
import { createFeedsService } from "./feeds.service";

type WithId = { Params: { id: string } };
type WithToken = { Params: { token: string } };

const contentTypes = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
};

/** Feed management for the signed-in user, and the feeds themselves behind their secret addresses. */
export function registerFeedRoutes(api: FastifyInstance, ctx: AppContext): void {
  const feeds = createFeedsService(ctx);
  const auth = { preHandler: api.authenticate };

  api.get("/feeds", auth, async (request) => feeds.list(ownerOf(request), request.query));
  api.post("/feeds", auth, async (request, reply) => {
    const { feed, created } = await feeds.create(ownerOf(request), request.body);
    return reply.status(created ? 201 : 200).send(feed);
  });
  api.post<WithId>("/feeds/:id/rotate", auth, async (request) =>
    feeds.rotate(ownerOf(request), request.params.id),
  );
  api.delete<WithId>("/feeds/:id", auth, async (request, reply) => {
    await feeds.revoke(ownerOf(request), request.params.id);
    return reply.status(204).send();
  });

  for (const kind of ["rss", "atom"] as const) {
    api.get<WithToken>(
      `/feeds/:token/${kind}.xml`,
      { config: { rateLimit: rateLimit(ctx.config, "feed") } },
      async (request, reply) => {
        // Not for search engines, and the secret address is never sent on as a referrer.
        reply.header("x-robots-tag", "noindex, nofollow").header("referrer-policy", "no-referrer");
        const xml = await feeds.read(request.params.token, kind);
        return reply
          .header("content-type", contentTypes[kind])
          .header("cache-control", "private, max-age=300")
          .send(xml);
      },
    );
  }
}
