import { apiKeySchema, createApiKeySchema, itemsOf } from "@changeradar/contracts";
import { routeId } from "../alerts/route-id";
import type { AppContext } from "../context";
import { asUser } from "../entitlements";
import { type Api, failures, idParams, noContent } from "../http/route-schema";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.service";

const tags = ["API keys"];

export function registerApiKeyRoutes(api: Api, ctx: AppContext): void {
  const auth = { preHandler: api.authenticate };

  api.get(
    "/api-keys",
    {
      ...auth,
      schema: {
        tags,
        summary: "List API keys (Business)",
        response: { 200: itemsOf(apiKeySchema), ...failures(402) },
      },
    },
    async (request) => listApiKeys(asUser(ctx, request)),
  );

  api.post(
    "/api-keys",
    {
      ...auth,
      schema: {
        tags,
        summary: "Create an API key, shown once (Business)",
        body: createApiKeySchema,
        response: { 201: apiKeySchema, ...failures(400, 402) },
      },
    },
    async (request, reply) => {
      const key = await createApiKey(asUser(ctx, request), request.body);
      return reply.code(201).header("cache-control", "no-store").send(key);
    },
  );

  api.delete(
    "/api-keys/:id",
    {
      ...auth,
      schema: { tags, summary: "Revoke an API key", params: idParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await revokeApiKey(asUser(ctx, request), {
        id: routeId(request.params, "API key not found."),
      });
      return reply.code(204).send();
    },
  );
}
