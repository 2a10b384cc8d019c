import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../helpers/client";
import { startTestServer, type TestServer } from "../helpers/server";
import { uniqueEmail } from "../helpers/users";

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

/** forgot-password: 5 per 15 minutes per address and email, cheap to call (no password hashing). */
const forgot = (node: ApiClient, email: string) => node.post("/users/forgot-password", { email });

describe("rate limits shared by API nodes", () => {
  it("two nodes give one limit: 5 requests per address and email, alternating nodes", async () => {
    const email = uniqueEmail();
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) seen.push((await forgot(i % 2 === 0 ? nodeA : nodeB, email)).status);
    expect(seen).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it("counts concurrent requests on both nodes exactly once each (atomic increment)", async () => {
    const email = uniqueEmail();
    const all = await Promise.all(
      Array.from({ length: 30 }, (_, i) => forgot(i % 2 === 0 ? nodeA : nodeB, email)),
    );
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  it("starts a new window when the old one ends, and sweeps ended counters", async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) await forgot(nodeA, email);
    expect((await forgot(nodeB, email)).status).toBe(429);
    server.clock.advance(16 * 60_000);
    expect((await forgot(nodeB, email)).status).toBe(200);
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
