import { type Dashboard, plans } from "@changeradar/contracts";
import { countChannels } from "../alerts/channels.repository";
import { listChanges } from "../checks/history.repository";
import { historyCutoff, type UserContext } from "../entitlements";
import * as repo from "./dashboard.repository";

const DAY_MS = 86_400_000;
const LIST_SIZE = 5;

/**
 * DECISIONS "Dashboard": usage against the plan, recent change counts, failing monitors, next checks, latest
 * changes, and the first-run checklist.
 */
export async function buildDashboard(ctx: UserContext<"db" | "clock">): Promise<Dashboard> {
  const { db, user } = ctx;
  const now = ctx.clock.now().getTime();
  const [counts, changes24h, changes7d, failing, next, latest, channels] = await Promise.all([
    repo.monitorCounts(db, user.id),
    repo.countChangesSince(db, user.id, new Date(now - DAY_MS)),
    repo.countChangesSince(db, user.id, new Date(now - 7 * DAY_MS)),
    repo.failingMonitors(db, user.id, 10),
    repo.nextChecks(db, user.id, LIST_SIZE),
    listChanges(
      db,
      user.id,
      { page: 1, pageSize: LIST_SIZE },
      undefined,
      historyCutoff(user.plan, new Date(now)),
    ),
    countChannels(db, user.id),
  ]);
  return {
    monitors: { used: counts.used, limit: plans[user.plan].monitors, paused: counts.paused },
    changes24h,
    changes7d,
    failing,
    nextChecks: next.map((row) => ({ ...row, nextCheckAt: row.nextCheckAt.toISOString() })),
    // The dashboard lists changes by name and summary: not their rating nor the noise a check ignored.
    latestChanges: latest.rows.map(({ rating: _rating, ignored: _ignored, ...row }) => ({
      ...row,
      detectedAt: row.detectedAt.toISOString(),
    })),
    onboarding: {
      emailVerified: user.emailVerified,
      firstMonitor: counts.all > 0,
      channel: channels > 0,
      firstChange: latest.rows.length > 0,
    },
  };
}
