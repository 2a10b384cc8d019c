import type { AuditEntry, Page } from "@changeradar/contracts";
import type { ServiceContext } from "../context";
import type { Database } from "../db/database";
import type { AuditRow } from "../db/schema";
import { type AuditFilter, insertAuditEntry, listAuditEntries } from "./audit.repository";

/** Who performed an administrative action: a signed-in administrator, or the operator's command line. */
export interface Actor {
  id: string | null;
  label: string;
}
export const cliActor: Actor = { id: null, label: "cli" };

export interface AuditRecord {
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel: string;
  changes?: Record<string, unknown>;
}

/**
 * Writes one audit entry by `ctx.actor`; pass the action's transaction as `ctx.db` so both commit or
 * neither does.
 */
export async function audit(ctx: { db: Database; actor: Actor }, record: AuditRecord): Promise<void> {
  const { actor } = ctx;
  await insertAuditEntry(ctx.db, { actorId: actor.id, actor: actor.label, changes: {}, ...record });
}

export async function auditPage(
  ctx: ServiceContext<"db">,
  input: AuditFilter & { page: number; pageSize: number },
): Promise<Page<AuditEntry>> {
  const { page, pageSize, ...filter } = input;
  const paging = { page, pageSize };
  const { rows, total } = await listAuditEntries(ctx.db, filter, {
    offset: (paging.page - 1) * paging.pageSize,
    limit: paging.pageSize,
  });
  return { items: rows.map(presentAudit), total, ...paging };
}

function presentAudit(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor: row.actor,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    changes: row.changes,
    createdAt: row.createdAt.toISOString(),
  };
}
