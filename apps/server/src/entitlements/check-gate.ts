import { and, count, eq, sql } from "drizzle-orm";
import type { CheckPlanGate } from "../checks/page-check";
import type { Clock } from "../clock";
import type { Database } from "../db";
import { type MonitorRow, monitors } from "../db/schema/monitors";
import { users } from "../db/schema/users";
import { checkRefusal } from "./gates";
import { planInForce } from "./plan-in-force";

/**
 * The plan gates applied when a monitor is checked, not only when it is saved: after a downgrade (or a
 * lapsed payment) a monitor keeps its browser steps and rendering stored, but they do not run until the
 * plan in force allows them again; so do a site's watched pages on a plan that watches none. Only
 * monitors that use a browser, or watch a site's page, cost the owner's row a read.
 */
export function checkPlanGate(db: Database, clock: Clock): CheckPlanGate {
  return {
    async refusal(monitor) {
      const sitePage = monitor.parentId !== null;
      if (!monitor.renderJs && monitor.browserSteps.length === 0 && !sitePage) return null;
      const [owner] = await db
        .select({ planType: users.planType, planStatus: users.planStatus, planStatusAt: users.planStatusAt })
        .from(users)
        .where(eq(users.id, monitor.userId));
      if (!owner) return null;
      return checkRefusal(planInForce(owner, clock.now()).inForce, {
        renderJs: monitor.renderJs,
        browserStepCount: monitor.browserSteps.length,
        sitePage,
        sitePagesBefore: sitePage ? await sitePagesBefore(db, monitor) : 0,
      });
    },
  };
}

/**
 * How many of its site's pages were found before this one (oldest first): after a downgrade to a plan that
 * watches fewer pages per site, the first ones found stay watched and the rest wait for an upgrade.
 */
async function sitePagesBefore(db: Database, monitor: MonitorRow): Promise<number> {
  if (monitor.parentId === null) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(monitors)
    .where(
      and(
        eq(monitors.parentId, monitor.parentId),
        // Compared in the database: pages found in one check share a microsecond timestamp a Date rounds.
        sql`(${monitors.createdAt}, ${monitors.id}) < (select m.created_at, m.id from monitors m where m.id = ${monitor.id})`,
      ),
    );
  return row?.n ?? 0;
}
