import * as contracts from "@changeradar/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { JSON_BODY_LIMIT } from "../../src/app";
import { signInAdmin } from "../admin/admin-fixtures";
import { ApiClient } from "../helpers/client";
import { useTestServer } from "../helpers/server";
import { createAccount, type TestUser } from "../helpers/users";

/**
 * Issue 12: every route that takes a JSON body, found in the app itself, given hostile bodies — NULs,
 * over the size limit, 10,000 levels deep, wrong types, arrays and scalars instead of objects — signed in
 * (as the admin on admin routes). None may answer 500, and /health still answers afterwards.
 */
const t = useTestServer({ ALLOW_PRIVATE_TARGETS: "true" });

const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
const deepObject = nestedObjects(10_000);
const deepArray = `${"[".repeat(10_000)}1${"]".repeat(10_000)}`;

/** Every field name a contract schema knows (objects, union members, nested): hostile values go there. */
function fieldsOf(schema: unknown, names: Set<string>, seen: Set<unknown>): void {
  if (!(schema instanceof Object) || seen.has(schema)) return;
  seen.add(schema);
  const def = "def" in schema && schema.def instanceof Object ? (schema.def as Record<string, unknown>) : {};
  const shape =
    "shape" in schema && schema.shape instanceof Object ? (schema.shape as Record<string, unknown>) : {};
  for (const [name, field] of Object.entries(shape)) {
    names.add(name);
    fieldsOf(field, names, seen);
  }
  for (const inner of [def.innerType, def.element, def.in, def.out, def.valueType, ...[def.options].flat()])
    fieldsOf(inner, names, seen);
}
const fieldNames = (() => {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  for (const value of Object.values(contracts)) fieldsOf(value, names, seen);
  return [...names].sort();
})();

const everyField = (value: string) =>
  `{${fieldNames.map((name) => `${JSON.stringify(name)}:${value}`).join(",")}}`;

/** Raw JSON texts, named for the failure message. */
const hostileBodies: Array<[string, string]> = [
  ["NUL in every field", everyField(JSON.stringify("a\u0000b"))],
  ["NUL in a key", JSON.stringify({ "na\u0000me": "x" })],
  ["over the body limit", JSON.stringify({ text: "x".repeat(JSON_BODY_LIMIT + 1) })],
  ["10,000 nested objects", deepObject],
  ["10,000 nested arrays", deepArray],
  [
    "2,000 nested objects in every field (10,000 would pass the body limit)",
    everyField(nestedObjects(2_000)),
  ],
  ["numbers for every field", everyField("-1e308")],
  ["booleans for every field", everyField("true")],
  ["null for every field", everyField("null")],
  ["arrays for every field", everyField('["x",1,null]')],
  ["objects for every field", everyField('{"x":{"y":[1]}}')],
  ["long strings for every field", everyField(JSON.stringify("é".repeat(2_000)))],
  ["an array", '[{"email":"a@example.test","name":"x"}]'],
  ["an empty array", "[]"],
  ["a string", '"text"'],
  ["a number", "42"],
  ["null", "null"],
  ["true", "true"],
];

const idFor = (ids: Record<string, string>, url: string, param: string) => {
  const owner = url.split("/").at(url.split("/").indexOf(param) - 1) ?? "";
  return ids[owner] ?? "00000000-0000-4000-8000-000000000000";
};

let user: TestUser;
let admin: TestUser;
/** A route as registered (docs/route-catalog.ts): its method and URL pattern, e.g. /api/v1/monitors/:id. */
interface AppRoute {
  method: string;
  url: string;
}
let jsonRoutes: AppRoute[];
/** Real ids for the parameters, by the path segment before them, so handlers get past their lookups. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  user = await createAccount(t.server, { plan: "Business", verified: true });
  admin = await signInAdmin(t.server);
  const monitor = await user.client.post<{ id: string }>("/monitors", {
    url: "http://127.0.0.1:9/fuzz",
    name: "Fuzz",
    frequency: "1d",
    watch: ["text"],
  });
  const channel = await user.client.post<{ id: string }>("/channels", {
    type: "webhook",
    name: "Fuzz",
    config: { url: "http://127.0.0.1:9/hook" },
  });
  const feed = await user.client.post<{ id: string }>("/feeds", { scope: "account" });
  const templates = await admin.client.get<Array<{ key: string }>>("/admin/mail-templates");
  Object.assign(ids, {
    monitors: monitor.body.id,
    channels: channel.body.id,
    feeds: feed.body.id,
    customers: (await createAccount(t.server)).id,
    "mail-templates": templates.body[0]?.key ?? "welcome",
  });
  jsonRoutes = t.server.app.registeredRoutes
    .filter((route) => ["POST", "PUT", "PATCH"].includes(route.method))
    .map(({ method, url }) => ({ method, url }));
});

/**
 * Signed in by access token only: without the session cookies, the hostile logout (and anything else that
 * ends sessions) cannot sign the fuzzing user out halfway through.
 */
function clientFor(route: AppRoute): ApiClient {
  const client = new ApiClient(t.server.baseUrl);
  client.token = (route.url.startsWith("/api/v1/admin/") ? admin : user).client.token;
  return client;
}

async function send(client: ApiClient, route: AppRoute, body: string) {
  const path = route.url
    .replace(/^\/api\/v1/, "")
    .replace(/:[\w-]+/g, (param) => idFor(ids, route.url, param));
  return client.request<{ errors?: Array<{ path: string; msg: string }> }>(route.method, path, {
    raw: { body, contentType: "application/json" },
  });
}

const status = async (client: ApiClient, route: AppRoute, body: string) =>
  (await send(client, route, body)).status;

const refusedAsUnknown = (body: { errors?: Array<{ path: string; msg: string }> }, field: string) =>
  body.errors?.some((error) => error.path === field && error.msg === "Unknown field") ?? false;

/**
 * Values for one field at a time, each field a route knows (it refuses others by name), so a route whose
 * other fields are optional reaches its handler with the hostile one.
 */
const hostileValues = [
  "1e308",
  "-1",
  "1.5",
  '""',
  JSON.stringify("x".repeat(100_000)),
  `[${Array.from({ length: 10_000 }, () => '"x"').join(",")}]`,
  deepObject,
  deepArray,
  '"9999-99-99T99:99:99Z"',
];

describe("every JSON route with hostile bodies", () => {
  it("finds the routes in the app", () => {
    expect(jsonRoutes.length).toBeGreaterThan(40);
    expect(jsonRoutes).toContainEqual({ method: "POST", url: "/api/v1/monitors/:id/check" });
    expect(jsonRoutes).toContainEqual({ method: "PUT", url: "/api/v1/admin/mail-templates/:key" });
    expect(ids).toEqual({
      monitors: expect.any(String),
      channels: expect.any(String),
      feeds: expect.any(String),
      customers: expect.any(String),
      "mail-templates": expect.any(String),
    });
    expect(fieldNames).toEqual(expect.arrayContaining(["email", "url", "scope", "monitorId", "config"]));
  });

  it("answers none of them with a 500, and /health still answers", async () => {
    const failures: string[] = [];
    for (const route of jsonRoutes) {
      const client = clientFor(route);
      for (const [name, body] of hostileBodies) {
        const answer = await status(client, route, body);
        if (answer >= 500) failures.push(`${route.method} ${route.url} with ${name}: ${answer}`);
      }
    }
    expect(failures).toEqual([]);
    const health = await t.anonymous.get("/health");
    expect(health.status).toBe(200);
  }, 600_000);

  it("answers no single hostile field with a 500, on every route that names the fields it knows", async () => {
    const failures: string[] = [];
    const fuzzFields = async (route: AppRoute) => {
      const client = clientFor(route);
      const empty = await status(client, route, "{}");
      if (empty >= 500) failures.push(`${route.method} ${route.url} with {}: ${empty}`);
      // A route that takes any field reads none (the contracts are strict): its body was fuzzed above.
      const madeUp = await send(client, route, '{"notAField":"x"}');
      if (!refusedAsUnknown(madeUp.body, "notAField")) return;
      // Every field at once: each one the route does not know is refused by name in the one answer, so only
      // the others are tried one by one (10,380 requests before, most of the test's 40 s).
      const all = await send(client, route, everyField('"x"'));
      if (all.status >= 500)
        failures.push(`${route.method} ${route.url} with every field "x": ${all.status}`);
      for (const field of fieldNames) {
        if (refusedAsUnknown(all.body, field)) continue;
        // Fields the route does not know are refused by name: no need to try them further.
        const probe = await send(client, route, JSON.stringify({ [field]: "x" }));
        if (probe.status >= 500)
          failures.push(`${route.method} ${route.url} with ${field}="x": ${probe.status}`);
        if (refusedAsUnknown(probe.body, field)) continue;
        for (const value of hostileValues) {
          const answer = await status(client, route, `{${JSON.stringify(field)}:${value}}`);
          if (answer >= 500)
            failures.push(`${route.method} ${route.url} with ${field}=${value.slice(0, 40)}: ${answer}`);
        }
      }
    };
    // Routes side by side, each one's requests in turn.
    await Promise.all(jsonRoutes.map(fuzzFields));
    expect(failures).toEqual([]);
    expect((await t.anonymous.get("/health")).status).toBe(200);
  }, 600_000);
});
