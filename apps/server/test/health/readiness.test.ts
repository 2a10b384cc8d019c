import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createReadiness } from "../../src/health/readiness";
import { useTestDatabase } from "../helpers/database";
import { startLoggedApp } from "../http/logged-app";

const database = useTestDatabase();

const get = async (baseUrl: string, path: string) => {
  const response = await fetch(`${baseUrl}/api/v1${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("readiness apart from liveness", () => {
  it("answers 503 while starting and while stopping, 200 only when everything is up", async () => {
    const readiness = createReadiness({ runsBackground: true });
    const server = await startLoggedApp(database, { readiness });
    try {
      expect(await get(server.baseUrl, "/ready")).toMatchObject({
        status: 503,
        body: {
          status: "not ready",
          phase: "starting",
          database: "ok",
          migrations: "applied",
          background: "starting",
        },
      });
      // Alive all along.
      expect((await get(server.baseUrl, "/health")).status).toBe(200);
      readiness.ready();
      expect((await get(server.baseUrl, "/ready")).body).toMatchObject({
        message: "Background work is starting.",
      });
      readiness.backgroundStarted();
      expect(await get(server.baseUrl, "/ready")).toEqual({
        status: 200,
        body: {
          status: "ready",
          phase: "ready",
          database: "ok",
          migrations: "applied",
          background: "started",
        },
      });
      readiness.stopping();
      expect(await get(server.baseUrl, "/ready")).toMatchObject({ status: 503, body: { phase: "stopping" } });
      expect((await get(server.baseUrl, "/health")).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("is not ready on a database whose migrations are not all applied", async () => {
    const db = database.db;
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const [last] = await rows(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *`,
    );
    const server = await startLoggedApp(database);
    try {
      expect(await get(server.baseUrl, "/ready")).toMatchObject({
        status: 503,
        body: { database: "ok", migrations: "pending", message: "Database migrations are not applied yet." },
      });
    } finally {
      await server.close();
      await rows(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last?.id}, ${last?.hash}, ${last?.created_at})`,
      );
    }
  });
});
