import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../helpers/client";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUser } from "../helpers/users";

/**
 * Two API nodes on one database with the real limits (RATE_LIMIT_SCALE=1): the counters live in the
 * database, so together they allow what one node allows, not twice as much.
 */
let server: TestServer;
let nodeA: ApiClient;
let nodeB: ApiClient;
const closers: Array<() => Promise<void>> = [];
beforeAll(async () => {
  server = await startTestServer();
  const a = await server.startSibling({ RATE_LIMIT_SCALE: "1" });
  const b = await server.startSibling({ RATE_LIMIT_SCALE: "1" });
  closers.push(a.close, b.close);
  nodeA = new ApiClient(a.baseUrl);
  nodeB = new ApiClient(b.baseUrl);
});
afterAll(async () => {
  for (const close of closers) await close();
  await server?.close();
});

describe("rate limits shared by API nodes", () => {
  it("two nodes give one limit: 10 logins per address and email, alternating nodes", async () => {
    const user = await createUser(server);
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) {
      const node = i % 2 === 0 ? nodeA : nodeB;
      seen.push((await node.post("/auth/login", { email: user.email, password: "wrong" })).status);
    }
    expect(seen.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(seen.slice(10)).toEqual([429, 429]);
  });

  it("counts concurrent requests on both nodes exactly once each (atomic increment)", async () => {
    const user = await createUser(server);
    const all = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? nodeA : nodeB).post("/auth/login", { email: user.email, password: "wrong" }),
      ),
    );
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it("starts a new window when the old one ends, and sweeps ended counters", async () => {
    const user = await createUser(server);
    for (let i = 0; i < 10; i++) await nodeA.post("/auth/login", { email: user.email, password: "wrong" });
    expect((await nodeB.post("/auth/login", { email: user.email, password: user.password })).status).toBe(
      429,
    );
    server.clock.advance(16 * 60_000);
    expect((await nodeB.post("/auth/login", { email: user.email, password: user.password })).status).toBe(
      200,
    );
    const db = server.database.handle.db;
    const endedRows = async () => {
      const result = await db.execute(
        sql`select count(*)::int as n from rate_limit_counters where window_ends_at <= ${server.clock.now()}`,
      );
      return ((result as unknown as { rows: Array<{ n: number }> }).rows[0] as { n: number }).n;
    };
    await expect.poll(endedRows).toBe(0);
  });
});
