import { NotFound } from "../http/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A route's `:id`: anything that is not a uuid cannot name a row, so it is simply not found. */
export function routeId(params: unknown, what = "Not found."): string {
  const id = (params as { id?: unknown } | null)?.id;
  if (typeof id !== "string" || !UUID.test(id)) throw new NotFound(what);
  return id;
}
