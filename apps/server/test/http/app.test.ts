import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { installAuthentication } from "../../src/auth/authenticate";
import { systemClock } from "../../src/clock";
import { createDatabase } from "../../src/db/database";
import { registerHealthRoutes } from "../../src/health/health.routes";
import { installErrorHandler } from "../../src/http/error-handler";
import { installRouteSchemas, type ZodTypeProvider } from "../../src/http/route-schema";
import { createLogger } from "../../src/logger";
import { createMailer } from "../../src/mail/mailer";
import { serverVersion } from "../../src/version";
import { useTestServer } from "../helpers/server";
import { createAdmin, createUser } from "../helpers/users";

const t = useTestServer();

describe("GET /api/v1/health", () => {
  it("answers ok after a real database round trip", async () => {
    const health = await t.anonymous.get("/health");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({
      status: "ok",
      database: process.env.DATABASE_URL ? "postgres" : "pglite",
      version: serverVersion,
    });
  });
});

describe("GET /api/v1/health when the database is gone", () => {
  it("answers 503", async () => {
    // Nothing listens on port 1: every query fails to connect. The health routes alone, since other
    // domains open LISTEN connections as they register.
    const database = await createDatabase({
      databaseUrl: "postgres://postgres@127.0.0.1:1/none",
      dataDir: "",
    });
    const log = createLogger({ logLevel: "silent" });
    const mailer = createMailer({ config: t.server.config, db: database.db, log });
    const app = Fastify();
    installErrorHandler(app);
    installRouteSchemas(app);
    registerHealthRoutes(app.withTypeProvider<ZodTypeProvider>(), {
      config: t.server.config,
      db: database.db,
      database,
      mailer,
      clock: systemClock,
      log,
      checks: t.server.context.checks,
    });
    const response = await app.inject({ method: "GET", url: "/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: "unavailable",
      database: "postgres",
      version: serverVersion,
      message: "The database is not reachable.",
    });
    await app.close();
    await database.close();
  });
});

describe("bad requests", () => {
  it("answers malformed JSON with 400 and a clear message", async () => {
    const response = await t.anonymous.request("POST", "/auth/login", {
      raw: { body: '{"email": "a@b.test", "password": ', contentType: "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "The request body is not valid JSON." });
  });

  it("answers a non-object body, unknown fields and a missing body with field errors", async () => {
    const array = await t.anonymous.post("/auth/login", [1, 2]);
    expect(array.status).toBe(400);
    expect(array.body).toEqual({
      message: "The request body must be a JSON object.",
      errors: [{ path: "", msg: "The request body must be a JSON object." }],
    });
    const unknown = await t.anonymous.post("/users/forgot-password", {
      email: "a@b.test",
      admin: true,
      __proto__x: 1,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { path: "admin", msg: "Unknown field" },
      { path: "__proto__x", msg: "Unknown field" },
    ]);
    const none = await t.anonymous.post("/users/forgot-password");
    expect(none.status).toBe(400);
  });

  it("refuses prototype poisoning", async () => {
    const response = await t.anonymous.request("POST", "/users/forgot-password", {
      raw: { body: '{"email":"a@b.test","__proto__":{"isAdmin":true}}', contentType: "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body).not.toHaveProperty("stack");
  });

  it("refuses bodies over 1 MB with 413", async () => {
    const response = await t.anonymous.post("/users/contactus", {
      name: "a",
      email: "a@b.test",
      message: "x".repeat(1_100_000),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: "The request is too large." });
  });

  it("refuses other content types with 415", async () => {
    const response = await t.anonymous.request("POST", "/auth/login", {
      raw: { body: "email=a", contentType: "text/plain" },
    });
    expect(response.status).toBe(415);
    expect(response.body.message).toMatch(/JSON/);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await t.anonymous.get("/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "No such endpoint: GET /api/v1/no-such-thing" });
  });
});

describe("security headers", () => {
  it("sends a CSP fit for the single-page app and the usual hardening headers", async () => {
    const response = await fetch(`${t.server.baseUrl}/api/v1/health`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("the web app", () => {
  let webRoot: string;
  let baseUrl: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), "changeradar-web-"));
    mkdirSync(join(webRoot, "assets"));
    writeFileSync(join(webRoot, "index.html"), "<!doctype html><div id=root></div>");
    writeFileSync(join(webRoot, "assets", "index-abc123.js"), "console.log(1)");
    writeFileSync(join(webRoot, "favicon.svg"), "<svg/>");
    const log = createLogger({ logLevel: "silent" });
    const mailer = createMailer({ config: t.server.config, db: t.server.database.handle.db, log });
    const app = await buildApp({
      config: t.server.config,
      database: t.server.database.handle,
      mailer,
      logger: log,
      webRoot,
      checks: t.server.context.checks,
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    close = () => app.close();
  });
  afterAll(async () => {
    await close?.();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("serves client-side routes with index.html and hashed assets with immutable caching", async () => {
    const route = await fetch(`${baseUrl}/auth/mymonitors?sort=lastChangeAt`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain("<div id=root>");
    expect(route.headers.get("cache-control")).toBe("no-cache");
    const asset = await fetch(`${baseUrl}/assets/index-abc123.js`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const favicon = await fetch(`${baseUrl}/favicon.svg`);
    expect(favicon.headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${baseUrl}/api/v1/unknown`)).status).toBe(404);
  });

  it("explains how to build the web app when it is missing", async () => {
    const response = await fetch(`${t.server.baseUrl}/login`);
    // The shared test t.server points at apps/web/dist, which may or may not be built.
    if (response.status === 503) expect(await response.text()).toContain("npm run build -w apps/web");
    else expect(response.status).toBe(200);
  });
});

describe("requireAdmin", () => {
  it("lets admins through and answers others 403 and strangers 401", async () => {
    const ctx = {
      config: t.server.config,
      db: t.server.database.handle.db,
      database: t.server.database.handle,
      mailer: createMailer({
        config: t.server.config,
        db: t.server.database.handle.db,
        log: createLogger({ logLevel: "silent" }),
      }),
      clock: systemClock,
      log: createLogger({ logLevel: "silent" }),
      checks: t.server.context.checks,
    };
    const app = Fastify();
    installErrorHandler(app);
    installAuthentication(app, ctx);
    app.get("/admin-only", { preHandler: app.requireAdmin }, async (request) => ({
      hello: request.user.email,
    }));
    await app.listen({ host: "127.0.0.1", port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/admin-only`;
    try {
      const admin = await createAdmin(t.server, "admin@changeradar.test");
      const user = await createUser(t.server);
      const asAdmin = await fetch(url, { headers: { authorization: `Bearer ${admin.client.token}` } });
      expect(await asAdmin.json()).toEqual({ hello: "admin@changeradar.test" });
      const asUser = await fetch(url, { headers: { authorization: `Bearer ${user.client.token}` } });
      expect(asUser.status).toBe(403);
      expect(await asUser.json()).toEqual({ message: "This area is for administrators only." });
      expect((await fetch(url)).status).toBe(401);
    } finally {
      await app.close();
    }
  });
});
