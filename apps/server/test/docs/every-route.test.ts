import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * Issue 14 §2: the OpenAPI document is generated from the routes, and every route the app registers (read
 * from Fastify's onRoute hook, docs/route-catalog.ts) is in it with its method and path.
 */
const NOT_DOCUMENTED: Record<string, string> = {};

/**
 * Routes outside /api/v1 are not API operations: the built web app's files (apps/web/dist, served as they
 * are) and GET /metrics (Prometheus text for the operator's scraper, behind its own token).
 */
const apiPath = (url: string) =>
  url.startsWith("/api/v1/") ? url.slice("/api/v1".length).replace(/:(\w+)/g, "{$1}") : null;

/** Routes whose domain does not declare its schemas yet; this list only shrinks. */
const PENDING = new Set<string>([
  "GET /api/v1/health",
  "POST /api/v1/live/ticket",
  "GET /api/v1/events",
  "GET /api/v1/billing",
  "POST /api/v1/billing/checkout",
  "POST /api/v1/billing/portal",
  "GET /api/v1/openapi.json",
  "GET /api/v1/docs",
  "GET /api/v1/admin/dashboard",
  "GET /api/v1/admin/customers",
  "GET /api/v1/admin/customers/:id",
  "POST /api/v1/admin/customers/:id/plan",
  "POST /api/v1/admin/customers/:id/disable",
  "POST /api/v1/admin/customers/:id/enable",
  "POST /api/v1/admin/support-requests/:id/replies",
  "GET /api/v1/admin/mail-log",
  "GET /api/v1/admin/mail-log/:id",
  "GET /api/v1/admin/mail-templates",
  "GET /api/v1/admin/mail-templates/:key",
  "PUT /api/v1/admin/mail-templates/:key",
  "POST /api/v1/admin/mail-templates/:key/preview",
  "POST /api/v1/admin/mail-templates/:key/test",
  "POST /api/v1/admin/mail-templates/:key/reset",
  "GET /api/v1/admin/audit",
  "GET /api/v1/blog/posts",
  "GET /api/v1/blog/posts/by-slug/:slug",
  "GET /api/v1/blog/posts/:id/cover",
  "GET /api/v1/blog/rss.xml",
  "GET /api/v1/admin/blog",
  "POST /api/v1/admin/blog",
  "POST /api/v1/admin/blog/preview",
  "GET /api/v1/admin/blog/:id",
  "PUT /api/v1/admin/blog/:id",
  "POST /api/v1/admin/blog/:id/publish",
  "POST /api/v1/admin/blog/:id/unpublish",
  "POST /api/v1/admin/blog/:id/cover",
  "GET /api/v1/ready",
  "POST /api/v1/billing/webhook",
]);

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
        method: method.toLowerCase(),
        path: apiPath(url),
      }))
      .filter(({ key, path }) => path && !(key in NOT_DOCUMENTED) && !PENDING.has(key))
      .filter(({ method, path }) => !document.paths[path ?? ""]?.[method])
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
