import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * Issue 14 §2: the OpenAPI document is generated from the routes, and every route the app registers (read
 * from Fastify's onRoute hook, docs/route-catalog.ts) is in it with its method and path, except these
 * routes, which are not API operations.
 */
const NOT_DOCUMENTED: Record<string, string> = {
  "GET /metrics": "Prometheus text for the operator's scraper, behind its own token, outside /api/v1",
  "GET /demo/:token": "the demo page itself: an HTML page the user's demo monitor watches, outside /api/v1",
};

/** The built web app's files (apps/web/dist) are served as they are, each its own route: not API operations. */
const isWebAppFile = (url: string) => !url.startsWith("/api/") && (url === "/" || /\.[a-z0-9]+$/i.test(url));

const apiPath = (url: string) =>
  url.startsWith("/api/v1/") ? url.slice("/api/v1".length).replace(/:(\w+)/g, "{$1}") : null;

describe("OpenAPI document", () => {
  let server: TestServer;
  let document: { paths: Record<string, Record<string, { summary?: string; tags?: string[] }>> };
  beforeAll(async () => {
    server = await startTestServer();
    document = await (await fetch(`${server.baseUrl}/api/v1/openapi.json`)).json();
  });
  afterAll(async () => server?.close());

  it("holds every registered route with its method and path", () => {
    const routes = server.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes
      .map(({ method, url }) => ({
        key: `${method} ${url}`,
        url,
        method: method.toLowerCase(),
        path: apiPath(url),
      }))
      .filter(({ key, url }) => !(key in NOT_DOCUMENTED) && !isWebAppFile(url))
      .filter(({ method, path }) => !path || !document.paths[path]?.[method])
      .map(({ key }) => key);
    expect(missing).toEqual([]);
  });

  it("gives every operation a summary and a section", () => {
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, op] of Object.entries(methods)) {
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(op.tags?.length, `${method} ${path}`).toBe(1);
      }
  });

  it("lists no route that the app does not serve", () => {
    const served = new Set(
      server.app.registeredRoutes.map(
        ({ method, url }) => `${method.toLowerCase()} ${url.replace(/:(\w+)/g, "{$1}")}`,
      ),
    );
    for (const [path, methods] of Object.entries(document.paths))
      for (const method of Object.keys(methods))
        expect(served, `${method} ${path}`).toContain(`${method} /api/v1${path}`);
  });
});
