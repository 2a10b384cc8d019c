import { apiKeySchema } from "@changeradar/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../src/db/schema/api-keys";
import { users } from "../../src/db/schema/users";
import { accountOn } from "../alerts/support/accounts";
import { ApiClient } from "../helpers/client";
import { startTestServer, type TestServer } from "../helpers/server";

describe("API keys", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const withKey = (key: string) => {
    const client = new ApiClient(server.baseUrl);
    client.token = key;
    return client;
  };

  it("are for Business only", async () => {
    for (const plan of ["Free", "Personal", "Pro"] as const) {
      const user = await accountOn(server, plan);
      const refused = await user.client.post<{ message: string }>("/api-keys", { name: "CI" });
      expect(refused.status, plan).toBe(402);
      expect(refused.body.message).toMatch(/Business plan/);
      expect((await user.client.get("/api-keys")).status).toBe(402);
    }
  });

  it("are shown once, stored hashed, accepted as bearer, and revocable", async () => {
    const user = await accountOn(server, "Business");
    expect((await user.client.post("/api-keys", { name: "" })).status).toBe(400);
    const created = await user.client.post("/api-keys", { name: "CI" });
    expect(created.status).toBe(201);
    const key = apiKeySchema.parse(created.body);
    expect(key.key).toMatch(/^cr_live_[A-Za-z0-9_-]{43}$/);
    expect(key.key!.startsWith(key.prefix.replace("…", ""))).toBe(true);

    const [stored] = await server.database.handle.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(stored)).not.toContain(key.key!.slice(12));

    const listed = await user.client.get<{ items: unknown[] }>("/api-keys");
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0]).toMatchObject({ id: key.id, name: "CI" });
    expect(listed.body.items[0]).not.toHaveProperty("key");

    const script = withKey(key.key!);
    const channels = await script.get("/channels");
    expect(channels.status).toBe(200);
    const usedAt = (await user.client.get<{ items: { lastUsedAt: string | null }[] }>("/api-keys")).body
      .items[0]?.lastUsedAt;
    expect(usedAt).not.toBeNull();

    expect((await withKey(`cr_live_${"A".repeat(43)}`).get("/channels")).status).toBe(403);

    expect((await user.client.request("DELETE", `/api-keys/${key.id}`)).status).toBe(204);
    expect((await script.get("/channels")).status).toBe(403);
    expect((await user.client.get<{ items: unknown[] }>("/api-keys")).body.items).toEqual([]);
  });

  it("stop working when the plan goes down, and cannot be revoked by someone else", async () => {
    const owner = await accountOn(server, "Business");
    const intruder = await accountOn(server, "Business");
    const key = apiKeySchema.parse((await owner.client.post("/api-keys", { name: "Deploy" })).body);
    expect((await intruder.client.request("DELETE", `/api-keys/${key.id}`)).status).toBe(404);
    expect((await withKey(key.key!).get("/channels")).status).toBe(200);

    await server.database.handle.db.update(users).set({ planType: "Pro" }).where(eq(users.id, owner.id));
    const refused = await withKey(key.key!).get<{ message: string }>("/channels");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Business plan/);
    expect((await owner.client.request("DELETE", `/api-keys/${key.id}`)).status).toBe(204);
  });
});
