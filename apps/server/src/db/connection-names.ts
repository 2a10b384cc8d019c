import { sql } from "drizzle-orm";
import type { Database } from "./database-handle";

/** The long-running roles of the `changeradar` command (DESIGN §2). */
export type RoleName = "serve" | "api" | "worker";

/** The roles whose processes check pages: each runs a check worker and the scheduler. */
export const checkingRoles: readonly RoleName[] = ["serve", "worker"];

/** How a role's process names its PostgreSQL connections (`application_name` in `pg_stat_activity`). */
export const applicationNameOf = (role: RoleName): string => `changeradar ${role}`;

/** PostgreSQL only: whether a process that checks pages (`serve`, `worker`) holds a connection to this database now. */
export async function checkWorkerConnected(db: Database): Promise<boolean> {
  const names = checkingRoles.map((role) => sql`${applicationNameOf(role)}`);
  const result = await db.execute<{ connected: boolean }>(sql`select exists (
    select 1 from pg_stat_activity
    where datname = current_database() and application_name in (${sql.join(names, sql`, `)})) as connected`);
  return result.rows[0]?.connected === true;
}
