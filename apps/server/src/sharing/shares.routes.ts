import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../context";
import { ownerOf } from "../entitlements";
import { rateLimit } from "../http/rate-limits";
import { createSharesService } from "./shares.service";

type WithId = { Params: { id: string } };
type WithToken = { Params: { token: string } };
type WithImage = { Params: { token: string; which: string } };

/** Not for search engines, and the secret address is never sent on as a referrer. */
function privateLink(reply: FastifyReply): FastifyReply {
  return reply.header("x-robots-tag", "noindex, nofollow").header("referrer-policy", "no-referrer");
}

/** Share links of a change for its owner, and the shared change behind its secret address. */
export function registerShareRoutes(api: FastifyInstance, ctx: AppContext): void {
  const shares = createSharesService(ctx);
  const auth = { preHandler: api.authenticate };
  const limited = { config: { rateLimit: rateLimit(ctx.config, "sharedChange") } };

  api.post<WithId>("/changes/:id/shares", auth, async (request, reply) =>
    reply.status(201).send(await shares.create(ownerOf(request), request.params.id, request.body)),
  );
  api.get<WithId>("/changes/:id/shares", auth, async (request) =>
    shares.list(ownerOf(request), request.params.id),
  );
  api.delete<WithId>("/shares/:id", auth, async (request, reply) => {
    await shares.revoke(ownerOf(request), request.params.id);
    return reply.status(204).send();
  });

  api.get<WithToken>("/shared/:token", limited, async (request, reply) => {
    privateLink(reply).header("cache-control", "no-store");
    return shares.read(request.params.token);
  });
  api.get<WithImage>("/shared/:token/images/:which", limited, async (request, reply) => {
    privateLink(reply);
    const bytes = await shares.image(request.params.token, request.params.which);
    return reply
      .header("content-type", "image/png")
      .header("x-content-type-options", "nosniff")
      .header("content-disposition", "inline")
      .header("cache-control", "private, no-store")
      .send(bytes);
  });
}
