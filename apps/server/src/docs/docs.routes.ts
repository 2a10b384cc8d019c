import { z } from "zod";
import type { AppContext } from "../context";
import { type Api, textAnswer } from "../http/route-schema";
import { renderDocsPage } from "./docs-page";
import { buildOpenApiDocument } from "./openapi";

/** Public: GET /openapi.json and GET /docs (no sign-in needed to read the reference). */
export function registerDocsRoutes(api: Api, ctx: AppContext): void {
  let document: ReturnType<typeof buildOpenApiDocument> | null = null;
  let page: string | null = null;
  // Built once, on first request: the schemas do not change while the server runs.
  const openApi = () => {
    document ??= buildOpenApiDocument(ctx.config.appUrl, api.registeredRoutes);
    return document;
  };

  const tags = ["Service"];
  api.get(
    "/openapi.json",
    {
      schema: {
        tags,
        security: [],
        summary: "This reference as an OpenAPI 3.1 document",
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return openApi();
    },
  );

  api.get(
    "/docs",
    {
      schema: {
        tags,
        security: [],
        summary: "This reference as a web page",
        response: { 200: textAnswer("text/html") },
      },
    },
    async (_request, reply) => {
      page ??= renderDocsPage(openApi());
      reply.header("content-type", "text/html; charset=utf-8").header("cache-control", "public, max-age=300");
      return page;
    },
  );
}
