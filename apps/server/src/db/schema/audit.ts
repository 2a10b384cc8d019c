import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * Every administrative action (DESIGN §8 "Operators are users too"): who did what to whom, what changed,
 * when. Rows are only ever inserted. `actorId` is null for the operator's command line (actor "cli").
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's email at the time, or "cli". */
    actor: text("actor").notNull(),
    /** e.g. "user.plan_change", "user.disable", "support.reply", "mail_template.edit", "blog.publish". */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /** A readable name for the target at the time (an email, a post title, a template name). */
    targetLabel: text("target_label").notNull(),
    /** What changed: `{ field: { from, to } }` or a small description of the action's effect. */
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;
