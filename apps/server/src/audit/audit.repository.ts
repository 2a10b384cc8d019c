import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Database } from "../db/database";
import { escapeLike } from "../db/like";
import { type AuditRow, auditLog } from "../db/schema";

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Database, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export interface AuditFilter {
  action?: string;
  actor?: string;
  target?: string;
}

function where(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(ilike(auditLog.action, `${escapeLike(filter.action)}%`));
  if (filter.actor) conditions.push(ilike(auditLog.actor, `%${escapeLike(filter.actor)}%`));
  if (filter.target) {
    const pattern = `%${escapeLike(filter.target)}%`;
    conditions.push(or(ilike(auditLog.targetLabel, pattern), eq(auditLog.targetId, filter.target))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAuditEntries(
  db: Database,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const condition = where(filter);
  const rows = await db
    .select()
    .from(auditLog)
    .where(condition)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(auditLog).where(condition);
  return { rows, total: total?.n ?? 0 };
}
