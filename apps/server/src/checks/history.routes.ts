import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { historyCutoff, ownerOf } from "../entitlements";
import type { MonitorsContext } from "../monitors/monitors.service";
import { historyService as history } from "./history.service";

type WithId = { Params: { id: string } };

/** Change history, checks, prices and change images of the signed-in user's monitors. */
export function registerHistoryRoutes(api: FastifyInstance, ctx: AppContext): void {
  const scope = (request: FastifyRequest): MonitorsContext => ({
    db: ctx.db,
    user: ownerOf(request),
    historySince: historyCutoff(request.entitlement.inForce, ctx.clock.now()),
  });
  const auth = { preHandler: api.authenticate };

  api.get<WithId>("/monitors/:id/changes", auth, async (request) =>
    history.monitorChanges(scope(request), request.params.id, request.query),
  );
  api.get<WithId>("/monitors/:id/checks", auth, async (request) =>
    history.checks(scope(request), request.params.id, request.query),
  );
  api.get<WithId>("/monitors/:id/prices", auth, async (request) =>
    history.prices(scope(request), request.params.id),
  );
  api.get("/changes", auth, async (request) => history.recentChanges(scope(request), request.query));
  api.get<WithId>("/changes/:id", auth, async (request) => history.change(scope(request), request.params.id));
  api.post<WithId>("/changes/:id/rating", auth, async (request) =>
    history.rate(scope(request), request.params.id, request.body),
  );
  // Stored page content is never served; only PNG images, with their own type and no sniffing.
  api.get<WithId>("/blobs/:id", auth, async (request, reply) => {
    const image = await history.image(scope(request), request.params.id);
    return reply
      .header("content-type", "image/png")
      .header("x-content-type-options", "nosniff")
      .header("content-disposition", "inline")
      .header("cache-control", "private, max-age=86400, immutable")
      .send(image.bytes);
  });
}
