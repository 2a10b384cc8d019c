/** The long-running roles of the `changeradar` command (DESIGN §2). */
export type RoleName = "serve" | "api" | "worker";

/** The roles whose processes check pages: each runs a check worker and the scheduler. */
export const checkingRoles: readonly RoleName[] = ["serve", "worker"];

/** How a role's process names its PostgreSQL connections (`application_name` in `pg_stat_activity`). */
export const applicationNameOf = (role: RoleName): string => `changeradar ${role}`;
