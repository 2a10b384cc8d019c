import { createFeedSchema, feedSchema, itemsOf, listFeedsQuerySchema } from "@changeradar/contracts";
import { z } from "zod";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { rateLimit } from "../http/rate-limits";
import { type Api, failures, idParams, noContent, textAnswer } from "../http/route-schema";
import { createFeed, listFeeds, readFeed, revokeFeed, rotateFeed } from "./feeds.service";

const contentTypes = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
};
const tags = ["Feeds"];

/** Feed management for the signed-in user, and the feeds themselves behind their secret addresses. */
export function registerFeedRoutes(api: Api, ctx: AppContext): void {
  const auth = { preHandler: api.authenticate };

  api.get(
    "/feeds",
    {
      ...auth,
      schema: {
        tags,
        summary: "List your private feeds of changes",
        querystring: listFeedsQuerySchema,
        response: { 200: itemsOf(feedSchema), ...failures(400) },
      },
    },
    async (request) => listFeeds(asUser(ctx, request), request.query),
  );
  api.post(
    "/feeds",
    {
      ...auth,
      schema: {
        tags,
        summary: "Create a private feed of changes (per account, tag or monitor)",
        description: "Answers 200 with the live feed when one already exists for the scope.",
        body: createFeedSchema,
        response: { 201: feedSchema, 200: feedSchema, ...failures(400) },
      },
    },
    async (request, reply) => {
      const { feed, created } = await createFeed(asUser(ctx, request), request.body);
      return reply.status(created ? 201 : 200).send(feed);
    },
  );
  api.post(
    "/feeds/:id/rotate",
    {
      ...auth,
      schema: {
        tags,
        summary: "Give a feed a new secret address (the old one stops working)",
        params: idParams,
        response: { 200: feedSchema },
      },
    },
    async (request) => rotateFeed(asUser(ctx, request), { id: request.params.id }),
  );
  api.delete(
    "/feeds/:id",
    {
      ...auth,
      schema: {
        tags,
        summary: "Turn a feed off (its address answers 410)",
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await revokeFeed(asUser(ctx, request), { id: request.params.id });
      return reply.status(204).send();
    },
  );

  for (const [kind, name] of [
    ["rss", "RSS 2.0"],
    ["atom", "Atom 1.0"],
  ] as const) {
    api.get(
      `/feeds/:token/${kind}.xml`,
      {
        config: { rateLimit: rateLimit(ctx.config, "feed") },
        schema: {
          tags,
          summary: `A feed as ${name}, by its secret address`,
          security: [],
          params: z.object({ token: z.string() }),
          response: { 200: textAnswer(`application/${kind}+xml`), ...failures(410, 429) },
        },
      },
      async (request, reply) => {
        // Not for search engines, and the secret address is never sent on as a referrer.
        reply.header("x-robots-tag", "noindex, nofollow").header("referrer-policy", "no-referrer");
        const xml = await readFeed(ctx, { token: request.params.token, kind });
        return reply
          .header("content-type", contentTypes[kind])
          .header("cache-control", "private, max-age=300")
          .send(xml);
      },
    );
  }
}
