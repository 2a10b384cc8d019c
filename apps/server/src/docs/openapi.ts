import type { FastifySchema } from "fastify";
import { z } from "zod";
import type { RegisteredRoute } from "./route-catalog";
import { webhookHeaders, webhookPayloadSchema } from "./webhook-payload.schema";

/**
 * The OpenAPI 3.1 document of the API, generated from the zod schemas each route declares (STYLE 4), so
 * the reference cannot drift from what the server validates and answers. A route is documented when its
 * schema has a `summary`; the test in test/docs/every-route.test.ts holds every route to that.
 */
export type JsonSchema = Record<string, unknown>;

export const API_PREFIX = "/api/v1";

/** The reference's sections, in order. */
const TAGS = [
  "Monitors",
  "Changes",
  "Channels",
  "Notifications",
  "Reports",
  "API keys",
  "Export",
  "Feeds",
  "Sharing",
  "Demo page",
  "Account",
  "Sign-in",
  "Billing",
  "Support",
  "Live",
  "Blog",
  "Admin",
  "Service",
];

function jsonSchema(schema: unknown, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema as z.ZodType, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  });
  return rest;
}

const errorSchema: JsonSchema = {
  type: "object",
  required: ["message"],
  properties: {
    message: { type: "string" },
    errors: {
      type: "array",
      items: {
        type: "object",
        required: ["path", "msg"],
        properties: { path: { type: "string" }, msg: { type: "string" } },
      },
    },
  },
};

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input: `message` and field `errors`.",
  401: "No credentials.",
  402: "The plan does not allow this; the message names the plan that does.",
  403: "Expired or invalid token or API key, or an API key on a plan without API access.",
  404: "Not found, or not yours.",
  409: "Conflicts with the current state.",
  410: "The secret address was turned off or has expired.",
  413: "The request is too large.",
  429: "Too many requests; try again later.",
  503: "Not available now; the message says why.",
};

function errorResponse(code: number): JsonSchema {
  return {
    description: ERROR_TEXT[code] ?? "Error",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
}

function parametersOf(schema: unknown, where: "path" | "query"): JsonSchema[] {
  const { properties, required } = jsonSchema(schema, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (required?.includes(name) ?? false),
    schema: property,
  }));
}

/** A success answer: JSON, or what the schema's `contentMediaType` names (CSV, RSS, images…). */
function successResponse(code: string, schema: unknown): JsonSchema {
  if (code === "204" || schema === undefined) return { description: "Done." };
  const { contentMediaType, description, ...body } = jsonSchema(schema, "output");
  const mediaType = typeof contentMediaType === "string" ? contentMediaType : "application/json";
  return {
    description: typeof description === "string" ? description : "Success.",
    content: { [mediaType]: { schema: body } },
  };
}

const operationId = (method: string, path: string) =>
  `${method}${path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`;

function routeOperation(method: string, path: string, schema: FastifySchema): JsonSchema {
  const isPublic = Array.isArray(schema.security) && schema.security.length === 0;
  const parameters: JsonSchema[] = schema.params
    ? parametersOf(schema.params, "path")
    : [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
        name,
        in: "path",
        required: true,
        schema: { type: "string" },
      }));
  if (schema.querystring) parameters.push(...parametersOf(schema.querystring, "query"));
  const responses: Record<string, JsonSchema> = {};
  for (const [code, body] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    responses[code] = code.startsWith("2") ? successResponse(code, body) : errorResponse(Number(code));
  }
  if (!Object.keys(responses).some((code) => code.startsWith("2")))
    responses["200"] = { description: "Success." };
  for (const code of isPublic ? [404] : [401, 403, 404]) responses[String(code)] ??= errorResponse(code);
  return {
    tags: [...(schema.tags ?? ["Service"])],
    summary: schema.summary,
    ...(schema.description ? { description: schema.description } : {}),
    ...(schema.security ? { security: schema.security } : {}),
    operationId: operationId(method, path),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(schema.body
      ? {
          requestBody: {
            required: !(schema.body as z.ZodType).safeParse(undefined).success,
            content: { "application/json": { schema: jsonSchema(schema.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

/** `/api/v1/monitors/:id` → `/monitors/{id}`; null for routes outside the API. */
export function apiPath(url: string): string | null {
  if (!url.startsWith(`${API_PREFIX}/`)) return null;
  return url.slice(API_PREFIX.length).replace(/:(\w+)/g, "{$1}");
}

export function buildOpenApiDocument(serverUrl: string, routes: readonly RegisteredRoute[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = apiPath(route.url);
    if (!path || !route.schema?.summary) continue;
    const method = route.method.toLowerCase();
    paths[path] ??= {};
    (paths[path] as Record<string, JsonSchema>)[method] = routeOperation(method, path, route.schema);
  }
  const used = new Set(
    Object.values(paths).flatMap((methods) => Object.values(methods).map((op) => (op.tags as string[])[0])),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "ChangeRadar API",
      version: "1.0.0",
      description:
        "Monitor web pages and receive alerts. Authenticate with `Authorization: Bearer <key>` using a personal API key (`cr_live_…`, Business plan) or a session access token. Every object belongs to its owner: another account's id answers 404.",
    },
    servers: [{ url: `${serverUrl}${API_PREFIX}` }],
    security: [{ bearer: [] }],
    tags: [...TAGS.filter((tag) => used.has(tag)), ...[...used].filter((tag) => !TAGS.includes(tag))].map(
      (name) => ({ name }),
    ),
    paths,
    webhooks: {
      alert: {
        post: {
          summary: "An alert delivered to a webhook channel",
          description:
            "Signed per Standard Webhooks. Verify the signature with the channel's secret and drop duplicates by `webhook-id` (a retry carries the same id). Answer 2xx; 408, 429 and 5xx are retried after about 1 min, 5 min, 30 min, 2 h and 6 h; other 4xx and redirects stop delivery.",
          parameters: webhookHeaders.map((header) => ({
            ...header,
            in: "header",
            required: true,
            schema: { type: "string" },
          })),
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(webhookPayloadSchema, "output") } },
          },
          responses: { "200": { description: "Received." } },
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "`cr_live_…` API key or access token" },
      },
      schemas: { Error: errorSchema },
    },
  };
}
