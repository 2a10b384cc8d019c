import type { FastifyInstance, FastifySchema } from "fastify";

/** One route as registered: its method, its full URL pattern (`/api/v1/monitors/:id`) and its schema. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route the app serves (HEAD twins left out), collected as each is registered. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Collects every route from Fastify's onRoute hook, so the OpenAPI document (and the tests that walk every
 * route) read the routes the app really registered. Install before any route is added.
 */
export function installRouteCatalog(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate("registeredRoutes", routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      // HEAD routes are the automatic twins of GET routes.
      if (method === "HEAD" || method === "OPTIONS") continue;
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });
}
