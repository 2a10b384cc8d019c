import { AsyncResource } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { runInRequestScope } from "../request-scope";

/**
 * Request ids: a well-formed incoming `X-Request-Id` (from a proxy or a client) is kept, anything else is
 * replaced by a UUID. The id is echoed in the response header, bound to `request.log` by Fastify, and kept
 * in an AsyncLocalStorage for the whole request, so the logger adds it to lines services write through
 * their own logger too (see logger.ts).
 */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const resourceKey = Symbol("request async resource");

export const REQUEST_ID_HEADER = "x-request-id";

export { currentRequestId } from "../request-scope";

/** Fastify's `genReqId`. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === "string" && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

export function installRequestIds(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runInRequestScope({ requestId: request.id, clientAddress: request.ip }, () => {
      // Body parsing continues from socket events, outside this context: the resource carries it over.
      (request as FastifyRequest & { [resourceKey]?: AsyncResource })[resourceKey] = new AsyncResource(
        "changeradar-request",
      );
      done();
    });
  });
  app.addHook("preValidation", (request, _reply, done) => {
    const resource = (request as FastifyRequest & { [resourceKey]?: AsyncResource })[resourceKey];
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}
