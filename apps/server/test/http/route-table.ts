import type { FastifyInstance } from "fastify";

export interface AppRoute {
  method: string;
  /** The route pattern, e.g. /api/v1/monitors/:id/pause. */
  url: string;
}

/**
 * Every route the app serves, read from the app itself: `printRoutes` draws a tree whose lines are
 * `<guides><segment> (METHODS)`, four columns of guides per level, each segment continuing its parent's path
 * (`/check` then `s` is /checks). Two parameters sharing a node print as `:id|:token`; the first is kept.
 */
export function appRoutes(app: FastifyInstance): AppRoute[] {
  const routes: AppRoute[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const start = line.search(/[^│├└─\s]/u);
    if (start < 0) continue;
    const depth = start / 4 - 1;
    const match = /^(\S+?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(start));
    if (!match || !Number.isInteger(depth)) throw new Error(`unexpected route line: ${line}`);
    const segment = match[1]!.replace(/(:[\w-]+)(\|:[\w-]+)+/g, "$1");
    const url = (depth > 0 ? parents[depth - 1]! : "") + segment;
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of match[2]?.split(", ") ?? []) routes.push({ method, url });
  }
  return routes;
}
