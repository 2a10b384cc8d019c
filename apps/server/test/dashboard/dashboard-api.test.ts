import { dashboardSchema } from "@changeradar/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monitors } from "../../src/db/schema/monitors";
import { accountOn } from "../alerts/support/accounts";
import { createChange, createMonitor } from "../alerts/support/fixtures";
import { ApiClient } from "../helpers/client";
import { startTestServer, type TestServer } from "../helpers/server";

describe("dashboard API", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it("summarises the user's own monitors and changes", async () => {
    expect((await new ApiClient(server.baseUrl).get("/dashboard")).status).toBe(401);
    const user = await accountOn(server, "Personal");
    const other = await accountOn(server, "Personal");
    const db = server.database.handle.db;
    const healthy = await createMonitor(db, user.id);
    const broken = await createMonitor(db, user.id);
    await db
      .update(monitors)
      .set({ consecutiveFailures: 3, lastError: "404 Not Found", name: "Broken page" })
      .where(eq(monitors.id, broken.id));
    const now = server.clock.now().getTime();
    const recent = await createChange(db, healthy.id, new Date(now - 3_600_000));
    await createChange(db, healthy.id, new Date(now - 3 * 86_400_000));
    await createChange(db, healthy.id, new Date(now - 10 * 86_400_000));
    const foreign = await createMonitor(db, other.id);
    await createChange(db, foreign.id, new Date(now - 60_000));

    const response = await user.client.get("/dashboard");
    expect(response.status).toBe(200);
    const dashboard = dashboardSchema.parse(response.body);
    expect(dashboard.monitors).toEqual({ used: 2, limit: 5, paused: 0 });
    expect(dashboard.changes24h).toBe(1);
    expect(dashboard.changes7d).toBe(2);
    expect(dashboard.failing).toEqual([
      { id: broken.id, name: "Broken page", url: broken.url, lastError: "404 Not Found" },
    ]);
    expect(dashboard.nextChecks.map((m) => m.id).sort()).toEqual([healthy.id, broken.id].sort());
    expect(dashboard.latestChanges[0]).toMatchObject({
      id: recent.id,
      monitorId: healthy.id,
      kinds: ["price"],
    });
    expect(dashboard.latestChanges).toHaveLength(3);
    expect(dashboard.onboarding).toEqual({
      emailVerified: user.user.emailVerified,
      firstMonitor: true,
      channel: false,
      firstChange: true,
    });
  });

  it("derives the first-run checklist from the account: nothing done, then each step as it happens", async () => {
    const user = await accountOn(server, "Personal", { verified: false });
    const read = async () => dashboardSchema.parse((await user.client.get("/dashboard")).body).onboarding;
    expect(await read()).toEqual({
      emailVerified: false,
      firstMonitor: false,
      channel: false,
      firstChange: false,
    });
    const db = server.database.handle.db;
    const monitor = await createMonitor(db, user.id);
    const channel = await user.client.post("/channels", {
      type: "email",
      name: "Team inbox",
      config: { to: `team-${user.id.slice(0, 8)}@example.test` },
    });
    expect(channel.status, JSON.stringify(channel.body)).toBe(201);
    expect(await read()).toEqual({
      emailVerified: false,
      firstMonitor: true,
      channel: true,
      firstChange: false,
    });
    await createChange(db, monitor.id, server.clock.now());
    expect((await read()).firstChange).toBe(true);
  });
});
