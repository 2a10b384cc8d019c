import { createShareSchema, itemsOf, sharedChangeSchema, shareLinkSchema } from "@changeradar/contracts";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { rateLimit } from "../http/rate-limits";
import { type Api, binaryAnswer, failures, idParams, noContent } from "../http/route-schema";
import { createShare, listShares, readShare, revokeShare, sharedImage } from "./shares.service";

const tags = ["Sharing"];

/** Not for search engines, and the secret address is never sent on as a referrer. */
function privateLink(reply: FastifyReply): FastifyReply {
  return reply.header("x-robots-tag", "noindex, nofollow").header("referrer-policy", "no-referrer");
}

/** Share links of a change for its owner, and the shared change behind its secret address. */
export function registerShareRoutes(api: Api, ctx: AppContext): void {
  const auth = { preHandler: api.authenticate };
  const limited = { config: { rateLimit: rateLimit(ctx.config, "sharedChange") } };

  api.post(
    "/changes/:id/shares",
    {
      ...auth,
      schema: {
        tags,
        summary: "Create a public, read-only link to one change that expires",
        params: idParams,
        body: createShareSchema,
        response: { 201: shareLinkSchema, ...failures(400) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createShare(asUser(ctx, request), { ...request.body, changeId: request.params.id })),
  );
  api.get(
    "/changes/:id/shares",
    {
      ...auth,
      schema: {
        tags,
        summary: "The change's links that still work",
        params: idParams,
        response: { 200: itemsOf(shareLinkSchema) },
      },
    },
    async (request) => listShares(asUser(ctx, request), { changeId: request.params.id }),
  );
  api.delete(
    "/shares/:id",
    {
      ...auth,
      schema: {
        tags,
        summary: "Turn a share link off (it answers 410)",
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await revokeShare(asUser(ctx, request), { id: request.params.id });
      return reply.status(204).send();
    },
  );

  api.get(
    "/shared/:token",
    {
      ...limited,
      schema: {
        tags,
        summary: "A shared change (summary, diff, screenshots), by its secret address",
        security: [],
        params: z.object({ token: z.string() }),
        response: { 200: sharedChangeSchema, ...failures(410, 429) },
      },
    },
    async (request, reply) => {
      privateLink(reply).header("cache-control", "no-store");
      return readShare(ctx, { token: request.params.token });
    },
  );
  api.get(
    "/shared/:token/images/:which",
    {
      ...limited,
      schema: {
        tags,
        summary: "A shared change's screenshot or diff image, by its secret address",
        description: "The image addresses are in the shared change's `screenshots`.",
        security: [],
        params: z.object({ token: z.string(), which: z.string() }),
        response: { 200: binaryAnswer("image/png"), ...failures(410, 429) },
      },
    },
    async (request, reply) => {
      privateLink(reply);
      const bytes = await sharedImage(ctx, { token: request.params.token, which: request.params.which });
      return reply
        .header("content-type", "image/png")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", "inline")
        .header("cache-control", "private, no-store")
        .send(bytes);
    },
  );
}
