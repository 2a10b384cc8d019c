import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { apiErrorSchema } from "@changeradar/contracts";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifyTypeProvider,
  onRouteHookHandler,
  preHandlerHookHandler,
} from "fastify";
import { z } from "zod";

/**
 * Route schemas are zod schemas from the contracts, declared on the route (`schema: { body, querystring,
 * params, response, summary, tags }`). This small in-house type provider gives handlers typed
 * `request.body`/`query`/`params`; the OpenAPI document is generated from the same schemas (docs/openapi.ts).
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this["schema"] extends z.ZodType ? z.output<this["schema"]> : unknown;
  serializer: this["schema"] extends z.ZodType ? z.input<this["schema"]> : unknown;
}

/** What every domain's `registerXRoutes` receives: the /api/v1 instance, typed by the route schemas. */
export type Api = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module "fastify" {
  interface FastifySchema {
    /** One line for the API reference. A route with a summary is documented; see docs/openapi.ts. */
    summary?: string;
    description?: string;
    /** The reference's section (the first tag). */
    tags?: readonly string[];
    /** `[]` for routes reached without credentials (public, or by a secret address). */
    security?: ReadonlyArray<Record<string, readonly string[]>>;
  }
}

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

/**
 * Validation with the route's zod schema. Failures are the ZodError itself, which the error handler renders
 * with the spec's messages (http/validate.ts), exactly as a `validate()` in a handler did.
 *
 * Order is kept as it was when handlers validated: authentication and rate limits (preValidation and
 * preHandler hooks) run first, so a request without credentials is answered 401 whatever its body, and
 * malformed requests still count against rate limits. The error is held (`attachValidation`) and thrown by
 * a last preHandler.
 *
 * Response schemas count: a JSON answer is serialised through the schema declared for its status, so a field
 * the schema does not declare never leaves the server (no internal column leaks), and an answer that does
 * not match is a server bug, answered 500 and logged with the route and zod's issues (error-handler.ts).
 * The schema reads the answer as the client will (after JSON, so a Date is its ISO string). Strings,
 * buffers, streams, redirects and empty answers are sent as they are: Fastify never serialises them.
 */
export function installRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, method, url, httpPart }) => {
    if (!isZod(schema)) throw new Error(`${method} ${url}: the ${httpPart} schema must be a zod schema`);
    return (data: unknown) => {
      // Fastify hands a missing body over as null; handlers saw `undefined` before.
      const result = schema.safeParse(httpPart === "body" && data === null ? undefined : data);
      return result.success ? { value: result.data } : { error: result.error };
    };
  });
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!isZod(schema)) return (data) => JSON.stringify(data);
    return (data) => {
      const result = schema.safeParse(JSON.parse(JSON.stringify(data)));
      if (!result.success)
        throw new AnswerMismatch(`${method} ${url}`, httpStatus ?? "default", result.error.issues);
      return JSON.stringify(result.data);
    };
  });
  app.addHook("onRoute", holdValidationErrors);
}

/** A handler answered what its route's response schema does not allow: a server bug, never the client's. */
export class AnswerMismatch extends Error {
  constructor(
    readonly route: string,
    readonly status: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`${route} answered ${status} in a shape its response schema does not allow`);
    this.name = "AnswerMismatch";
  }
}

const throwHeldValidationError: preHandlerHookHandler = (request: FastifyRequest, _reply, done) => {
  done(request.validationError);
};

const holdValidationErrors: onRouteHookHandler = (route) => {
  const schema = route.schema;
  if (!schema || !(schema.body || schema.querystring || schema.params || schema.headers)) return;
  route.attachValidation = true;
  const hooks = route.preHandler;
  route.preHandler = [...(Array.isArray(hooks) ? hooks : hooks ? [hooks] : []), throwHeldValidationError];
};

/**
 * A route's `:id`. Not checked as a uuid here: a malformed id names no row, so the service answers 404 as
 * it does for someone else's id (a 400 would tell the two apart).
 */
export const idParams = z.object({ id: z.string().meta({ format: "uuid" }) });

/** Error answers worth naming in the reference beyond 401, 403 and 404 (which every signed-in route has). */
export function failures<const Code extends number>(...codes: Code[]): Record<Code, typeof apiErrorSchema> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<
    Code,
    typeof apiErrorSchema
  >;
}

/** A text answer that is not JSON (CSV, RSS, HTML…), for the reference. */
export const textAnswer = (mediaType: string) => z.string().meta({ contentMediaType: mediaType });

/** A binary answer (an image), for the reference. */
export const binaryAnswer = (mediaType: string) =>
  z.unknown().meta({ contentMediaType: mediaType, format: "binary" });

/** The empty answer of a 204. */
export const noContent = z.undefined();
