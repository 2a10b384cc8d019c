import { createApiKeySchema } from "@changeradar/contracts";
import type { FastifyInstance } from "fastify";
import { routeId } from "../alerts/route-id";
import type { AppContext } from "../context";
import { ownerOf } from "../entitlements";
import { validate } from "../http/validate";
import { createApiKeysService } from "./api-keys.service";

export function registerApiKeyRoutes(api: FastifyInstance, ctx: AppContext): void {
  const keys = createApiKeysService(ctx);
  const auth = { preHandler: api.authenticate };

  api.get("/api-keys", auth, async (request) => keys.list(ownerOf(request)));

  api.post("/api-keys", auth, async (request, reply) => {
    const key = await keys.create(ownerOf(request), validate(createApiKeySchema, request.body));
    reply.code(201).header("cache-control", "no-store");
    return key;
  });

  api.delete("/api-keys/:id", auth, async (request, reply) => {
    await keys.revoke(ownerOf(request), routeId(request.params, "API key not found."));
    reply.code(204);
  });
}
