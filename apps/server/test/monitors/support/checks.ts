import type { PlanName } from "@changeradar/contracts";
import { count, eq } from "drizzle-orm";
import { checksCounted } from "../../../src/checks/check-counts";
import { type CheckTiming, defaultCheckTiming } from "../../../src/checks/check-timing";
import { type CheckWorker, createCheckWorker } from "../../../src/checks/check-worker";
import type { Database } from "../../../src/db";
import { notifications } from "../../../src/db/schema/alerts";
import { changes, checks } from "../../../src/db/schema/checks";
import { monitors } from "../../../src/db/schema/monitors";
import { users } from "../../../src/db/schema/users";
import { uniqueEmail } from "../../helpers/users";
import { eventually } from "./test-app";

/** Test timing: retries after 1 s (doubling), 3 failures before the alert, a 2 s lease. */
export const testTiming: CheckTiming = { ...defaultCheckTiming, retryBaseMs: 1000, leaseMs: 2000 };

/**
 * A scheduler (another worker, as on a `worker` node) that takes a monitor when it is due; not started.
 * Its fetches may wait up to a minute, for tests that hold a page's answer while they act.
 */
export function schedulingWorker(db: Database, options: { concurrency?: number } = {}): CheckWorker {
  return createCheckWorker({
    db,
    fetch: { allowPrivateTargets: true, browserPool: null, totalTimeoutMs: 60_000 },
    timing: testTiming,
    idlePollMs: 100,
    stopGraceMs: 100,
    ...options,
  });
}

/**
 * Site reads without the pause between two requests (the engine's site tests cover the pacing): a site
 * check of a few sitemap files or pages otherwise waits half a second before each.
 */
export const unpacedSites = { delayMs: 0 };

/** A worker that only checks when told (no scheduling loop), so each test step is one check. */
export function manualWorker(db: Database, timing: CheckTiming = testTiming): CheckWorker {
  const worker = createCheckWorker({
    db,
    fetch: { allowPrivateTargets: true, browserPool: null, totalTimeoutMs: 1500, site: unpacedSites },
    timing,
    schedule: false,
    stopGraceMs: 100,
  });
  worker.start();
  return worker;
}

/** The monitor's checks, a run of identical ones counted as its checks. */
export async function checkCount(db: Database, monitorId: string): Promise<number> {
  const [row] = await db.select({ n: checksCounted }).from(checks).where(eq(checks.monitorId, monitorId));
  return row.n;
}

/** Runs one check of the monitor and waits until its row is written. */
export async function checkOnce(db: Database, worker: CheckWorker, monitorId: string): Promise<void> {
  const before = await checkCount(db, monitorId);
  worker.checkSoon(monitorId);
  await eventually(
    () => checkCount(db, monitorId),
    (n) => n > before,
  );
}

export async function changeCount(db: Database, monitorId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(changes).where(eq(changes.monitorId, monitorId));
  return row.n;
}

export async function notificationTypes(db: Database, monitorId: string): Promise<string[]> {
  const rows = await db
    .select({ type: notifications.type })
    .from(notifications)
    .where(eq(notifications.monitorId, monitorId))
    .orderBy(notifications.createdAt);
  return rows.map((r) => r.type);
}

/** An account as a bare row (no sign-up, no session), for tests of the check path that only need an owner. */
export async function insertOwner(db: Database, planType: PlanName = "Business"): Promise<{ id: string }> {
  const [user] = await db
    .insert(users)
    .values({ email: uniqueEmail("owner"), passwordHash: "x", firstName: "O", planType })
    .returning({ id: users.id });
  return user;
}

/** Monitors on the given URLs, inserted paused (no first check) so the test decides when they are due. */
export async function insertPausedMonitors(db: Database, userId: string, urls: string[]): Promise<string[]> {
  const rows = await db
    .insert(monitors)
    .values(
      urls.map((url) => ({
        userId,
        url,
        host: new URL(url).hostname,
        name: new URL(url).pathname,
        frequency: "1d" as const,
        watch: ["text" as const],
        paused: true,
      })),
    )
    .returning({ id: monitors.id });
  return rows.map((row) => row.id);
}
