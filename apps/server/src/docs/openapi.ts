import { z } from "zod";
import { type Operation, operations } from "./operations";
import { webhookHeaders, webhookPayloadSchema } from "./webhook-payload.schema";

/**
 * The OpenAPI 3.1 document of the public API, generated from the contracts' zod schemas (STYLE 4), so
 * the docs cannot drift from what the server validates and answers.
 */
export type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
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
  429: "Too many requests; try again later.",
};

function errorResponses(codes: readonly number[]) {
  return Object.fromEntries(
    codes.map((code) => [
      String(code),
      {
        description: ERROR_TEXT[code] ?? "Error",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    ]),
  );
}

function queryParameters(query: z.ZodObject): JsonSchema[] {
  const schema = jsonSchema(query, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

function operationObject(op: Operation): JsonSchema {
  const parameters: JsonSchema[] = [];
  if (op.path.includes("{id}"))
    parameters.push({ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } });
  if (op.path.includes("{token}"))
    parameters.push({ name: "token", in: "path", required: true, schema: { type: "string" } });
  if (op.query) parameters.push(...queryParameters(op.query));
  const success: JsonSchema = { description: op.status === 204 ? "Done." : "Success." };
  if (op.response) success.content = { "application/json": { schema: jsonSchema(op.response, "output") } };
  if (op.path.endsWith(".csv")) success.content = { "text/csv": { schema: { type: "string" } } };
  if (op.path.endsWith("rss.xml"))
    success.content = { "application/rss+xml": { schema: { type: "string" } } };
  if (op.path.endsWith("atom.xml"))
    success.content = { "application/atom+xml": { schema: { type: "string" } } };
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.public ? { security: [] } : {}),
    operationId: `${op.method}${op.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(op.body, "input") } },
          },
        }
      : {}),
    responses: { [String(op.status)]: success, ...errorResponses([...(op.errors ?? []), 401, 403, 404]) },
  };
}

export function buildOpenApiDocument(serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, JsonSchema>)[op.method] = operationObject(op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "ChangeRadar API",
      version: "1.0.0",
      description:
        "Monitor web pages and receive alerts. Authenticate with `Authorization: Bearer <key>` using a personal API key (`cr_live_…`, Business plan) or a session access token. Every object belongs to its owner: another account's id answers 404.",
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    security: [{ bearer: [] }],
    tags: [
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
    ].map((name) => ({
      name,
    })),
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
