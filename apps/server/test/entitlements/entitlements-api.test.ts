import { channelTypes, frequencies, type PlanName, planNames } from "@changeradar/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyAlertRetention } from "../../src/alerts/alerts-retention";
import { applyRetention } from "../../src/checks/retention";
import { notifications } from "../../src/db/schema/alerts";
import { changes, checks } from "../../src/db/schema/checks";
import { monitors } from "../../src/db/schema/monitors";
import { users } from "../../src/db/schema/users";
import { channelRefusal, frequencyRefusal, monitorCountRefusal } from "../../src/entitlements";
import { emptyStoredDiff } from "../helpers/stored-diff";
import { databaseKind, startTestApp, type TestApp } from "../monitors/support/test-app";
import { DAY, expectedPlan, frequencyAllowed, gateTable, type StatusCase, statusCases } from "./cases";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.handle.db;

/** A user who chose `plan` and is in the status of `c` (set as billing would). */
async function userIn(plan: PlanName, c: StatusCase) {
  const user = await t.signUp(plan);
  await db()
    .update(users)
    .set({ planStatus: c.status, planStatusAt: new Date(t.clock.now().getTime() - c.sinceDays * DAY) })
    .where(eq(users.id, user.id));
  const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: user.auth, payload: payload as object });
  return { ...user, call };
}

async function insertMonitors(userId: string, n: number): Promise<string[]> {
  if (n <= 0) return [];
  const rows = await db()
    .insert(monitors)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId,
        url: `http://127.0.0.1:9/${i}`,
        host: "127.0.0.1",
        name: `m${i}`,
        frequency: "1w" as const,
        watch: ["text" as const],
        paused: true,
      })),
    )
    .returning({ id: monitors.id });
  return rows.map((r) => r.id);
}

const newMonitor = { url: "http://127.0.0.1:9/new", frequency: "1w", watch: ["text"], paused: true };

describe(`every gate × every plan × every status, through the API (${databaseKind})`, () => {
  for (const chosen of planNames) {
    for (const c of statusCases) {
      const plan = expectedPlan(chosen, c);
      const limits = gateTable[plan];
      it(`${chosen}, ${c.label}: ${plan} limits apply`, async () => {
        const u = await userIn(chosen, c);

        const billing = await u.call("GET", "/billing");
        expect(billing.statusCode).toBe(200);
        expect(billing.json()).toMatchObject({
          entitlement: { chosen, inForce: plan, status: c.status },
          limits: { monitors: limits.monitors, historyDays: limits.historyDays, apiKeys: limits.apiKeys },
        });
        expect((await u.call("GET", "/dashboard")).json().monitors.limit).toBe(limits.monitors);

        // Monitors count: the last one allowed, then one too many.
        await insertMonitors(u.id, limits.monitors - 1);
        const last = await u.call("POST", "/monitors", newMonitor);
        expect(last.statusCode).toBe(201);
        const over = await u.call("POST", "/monitors", newMonitor);
        expect(over.statusCode).toBe(402);
        expect(over.json().message).toBe(monitorCountRefusal(plan, limits.monitors));

        // Check frequency.
        for (const f of frequencies) {
          const res = await u.call("PATCH", `/monitors/${last.json().id}`, { frequency: f });
          expect(res.statusCode, f).toBe(frequencyAllowed(plan, f) ? 200 : 402);
          if (res.statusCode === 402) expect(res.json().message).toBe(frequencyRefusal(plan, f));
        }

        // Channel type.
        for (const type of channelTypes) {
          const res = await u.call("POST", "/channels", { type, name: type, config: {} });
          if (limits.channels.includes(type)) expect(res.statusCode, type).not.toBe(402);
          else {
            expect(res.statusCode, type).toBe(402);
            expect(res.json().message).toBe(channelRefusal(plan, type));
          }
        }

        // API keys (creating them).
        const key = await u.call("POST", "/api-keys", { name: "k" });
        expect(key.statusCode).toBe(limits.apiKeys ? 201 : 402);
        if (!limits.apiKeys)
          expect(key.json().message).toBe("API access needs the Business plan. Upgrade to use API keys.");

        // History window: checks and changes older than the plan in force keeps are not shown.
        const monitorId = last.json().id as string;
        const ages = [20, 50, 80, 120, 170];
        const now = t.clock.now().getTime();
        for (const days of ages) {
          const at = new Date(now - days * DAY);
          await db().insert(checks).values({ monitorId, startedAt: at, durationMs: 1, status: "changed" });
          await db()
            .insert(changes)
            .values({
              monitorId,
              detectedAt: at,
              kinds: ["text"],
              summary: "s",
              significance: 1,
              diff: emptyStoredDiff,
            });
        }
        const shown = ages.filter((d) => d < limits.historyDays).length;
        expect((await u.call("GET", `/monitors/${monitorId}/checks`)).json().total).toBe(shown);
        expect((await u.call("GET", `/monitors/${monitorId}/changes`)).json().total).toBe(shown);
      });
    }
  }
});

describe("API keys: signing in with one follows the plan in force", () => {
  it("works while Business is in force and is refused (403, same words) otherwise", async () => {
    for (const c of statusCases) {
      const u = await userIn("Business", statusCases[0]);
      const created = await u.call("POST", "/api-keys", { name: "k" });
      expect(created.statusCode).toBe(201);
      await db()
        .update(users)
        .set({ planStatus: c.status, planStatusAt: new Date(t.clock.now().getTime() - c.sinceDays * DAY) })
        .where(eq(users.id, u.id));
      const res = await t.app.inject({
        method: "GET",
        url: "/api/v1/monitors",
        headers: { authorization: `Bearer ${created.json().key}` },
      });
      if (c.paidPlanApplies) expect(res.statusCode, c.label).toBe(200);
      else {
        expect(res.statusCode, c.label).toBe(403);
        expect(res.json().message).toBe("API access needs the Business plan. Upgrade to use API keys.");
      }
    }
  }, 120_000);
});

describe("both retention jobs keep the window of the plan in force", () => {
  it("removes history and notifications by the plan in force, for every status", async () => {
    const now = new Date(t.clock.now().getTime() + 1000 * DAY);
    const ages = [20, 50, 80, 120, 170, 200];
    const made: { monitorId: string; userId: string; plan: PlanName }[] = [];
    for (const chosen of planNames) {
      for (const c of statusCases) {
        const [u] = await db()
          .insert(users)
          .values({
            email: `retention-${chosen}-${c.sinceDays}-${c.status}-${Math.random()}@example.test`,
            passwordHash: "x",
            firstName: "R",
            planType: chosen,
            planStatus: c.status,
            planStatusAt: new Date(now.getTime() - c.sinceDays * DAY),
          })
          .returning();
        const [monitorId] = await insertMonitors(u.id, 1);
        const at = (days: number) => new Date(now.getTime() - days * DAY);
        await db()
          .insert(checks)
          .values(
            ages.map((days) => ({
              monitorId,
              startedAt: at(days),
              durationMs: 1,
              status: "changed" as const,
            })),
          );
        for (const days of ages) {
          await db()
            .insert(notifications)
            .values({
              userId: u.id,
              monitorId,
              type: "change",
              title: "t",
              body: "b",
              payload: {} as never,
              createdAt: at(days),
            });
        }
        made.push({ monitorId, userId: u.id, plan: expectedPlan(chosen, c) });
      }
    }
    await applyRetention(db(), now);
    await applyAlertRetention(db(), now);
    for (const m of made) {
      const kept = ages.filter((d) => d < gateTable[m.plan].historyDays).length;
      expect((await db().select().from(checks).where(eq(checks.monitorId, m.monitorId))).length).toBe(kept);
      expect((await db().select().from(notifications).where(eq(notifications.userId, m.userId))).length).toBe(
        kept,
      );
    }
  });
});

describe(`a race of parallel creates cannot pass the monitor limit (${databaseKind})`, () => {
  it("creates exactly up to the limit", async () => {
    for (const [plan, existing] of [
      ["Free", 0],
      ["Pro", 13],
    ] as const) {
      const u = await t.signUp(plan);
      await insertMonitors(u.id, existing);
      const call = () =>
        t.app.inject({ method: "POST", url: "/api/v1/monitors", headers: u.auth, payload: newMonitor });
      const results = await Promise.all(Array.from({ length: 12 }, call));
      const created = results.filter((r) => r.statusCode === 201).length;
      expect(created, plan).toBe(gateTable[plan].monitors - existing);
      expect(results.filter((r) => r.statusCode === 402).length).toBe(12 - created);
      const rows = await db().select().from(monitors).where(eq(monitors.userId, u.id));
      expect(rows.length).toBe(gateTable[plan].monitors);
    }
  }, 60_000);
});
