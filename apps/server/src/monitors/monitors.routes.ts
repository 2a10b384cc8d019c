import { maxImportFileBytes } from "@changeradar/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { checkFetchSettings } from "../checks/check-settings";
import type { AppContext } from "../context";
import { ownerOf } from "../entitlements";
import { rateLimit } from "../http/rate-limits";
import { importMonitors } from "./import.service";
import { createMonitorsService, type MonitorsContext } from "./monitors.service";
import { previewPage } from "./preview.service";

type WithId = { Params: { id: string } };

const IMPORT_BODY_LIMIT = Math.ceil((maxImportFileBytes * 4) / 3) + 64 * 1024;

/** The monitors API (issue 4). Every route is authenticated and scoped to the signed-in user's monitors. */
export async function registerMonitorRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const monitors = createMonitorsService({
    allowPrivateTargets: ctx.config.allowPrivateTargets,
    checkSoon: (id) => ctx.checks.checkSoon(id),
  });
  const scope = (request: FastifyRequest): MonitorsContext => ({
    db: ctx.db,
    user: ownerOf(request),
  });
  const auth = { preHandler: api.authenticate };

  api.get("/monitors", auth, async (request) => monitors.list(scope(request), request.query));
  api.post("/monitors", auth, async (request, reply) =>
    reply.status(201).send(await monitors.create(scope(request), request.body)),
  );
  api.post(
    "/monitors/preview",
    { ...auth, config: { rateLimit: rateLimit(ctx.config, "preview") } },
    async (request) => previewPage(request.body, checkFetchSettings(ctx.config), ownerOf(request).plan),
  );
  // A changedetection.io backup zip arrives base64-encoded in the JSON body.
  api.post("/monitors/import", { ...auth, bodyLimit: IMPORT_BODY_LIMIT }, async (request) =>
    importMonitors(monitors, scope(request), request.body, {
      allowPrivateTargets: ctx.config.allowPrivateTargets,
    }),
  );
  api.get<WithId>("/monitors/:id", auth, async (request) => monitors.get(scope(request), request.params.id));
  api.patch<WithId>("/monitors/:id", auth, async (request) =>
    monitors.update(scope(request), request.params.id, request.body),
  );
  api.delete<WithId>("/monitors/:id", auth, async (request, reply) => {
    await monitors.remove(scope(request), request.params.id);
    return reply.status(204).send();
  });
  api.post<WithId>("/monitors/:id/pause", auth, async (request) =>
    monitors.setPaused(scope(request), request.params.id, true),
  );
  api.post<WithId>("/monitors/:id/resume", auth, async (request) =>
    monitors.setPaused(scope(request), request.params.id, false),
  );
  api.post<WithId>("/monitors/:id/check", auth, async (request, reply) =>
    reply.status(202).send(await monitors.checkNow(scope(request), request.params.id)),
  );
  api.post("/monitors/check", auth, async (request, reply) =>
    reply.status(202).send(await monitors.checkMany(scope(request), request.body)),
  );
  api.get("/tags", auth, async (request) => monitors.tags(scope(request)));
}
