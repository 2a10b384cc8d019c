import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { renderDocsPage } from "./docs-page";
import { buildOpenApiDocument } from "./openapi";

/** Public: GET /openapi.json and GET /docs (no sign-in needed to read the reference). */
export function registerDocsRoutes(api: FastifyInstance, ctx: AppContext): void {
  let document: ReturnType<typeof buildOpenApiDocument> | null = null;
  let page: string | null = null;
  // Built once, on first request: the schemas do not change while the server runs.
  const openApi = () => {
    document ??= buildOpenApiDocument(ctx.config.appUrl, api.registeredRoutes);
    return document;
  };

  api.get("/openapi.json", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return openApi();
  });

  api.get("/docs", async (_request, reply) => {
    page ??= renderDocsPage(openApi());
    reply.header("content-type", "text/html; charset=utf-8").header("cache-control", "public, max-age=300");
    return page;
  });
}
