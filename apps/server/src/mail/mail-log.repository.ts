import { and, count, desc, eq, getTableColumns, ilike, type SQL } from "drizzle-orm";
import type { Database } from "../db/database";
import { escapeLike } from "../db/like";
import { type MailStatus, mailLog } from "../db/schema";

export type MailLogRow = typeof mailLog.$inferSelect;

import type { MailResult, OutgoingMail } from "./mail-types";

export async function recordMail(db: Database, mail: OutgoingMail, result: MailResult): Promise<void> {
  await db.insert(mailLog).values({
    to: mail.to,
    subject: mail.subject,
    template: mail.template,
    text: mail.text,
    html: mail.html,
    status: result.status,
    error: result.error ?? null,
  });
}

export async function latestMails(db: Database, limit: number) {
  return db.select().from(mailLog).orderBy(desc(mailLog.createdAt)).limit(limit);
}

export interface MailLogFilter {
  kind?: string;
  to?: string;
  status?: MailStatus;
}

export async function searchMailLog(
  db: Database,
  filter: MailLogFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: Array<Omit<MailLogRow, "text" | "html">>; total: number }> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(mailLog.template, filter.kind));
  if (filter.to) conditions.push(ilike(mailLog.to, `%${escapeLike(filter.to)}%`));
  if (filter.status) conditions.push(eq(mailLog.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const { text: _text, html: _html, ...columns } = getTableColumns(mailLog);
  const rows = await db
    .select(columns)
    .from(mailLog)
    .where(where)
    .orderBy(desc(mailLog.createdAt), desc(mailLog.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(mailLog).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findMail(db: Database, id: string): Promise<MailLogRow | null> {
  const [row] = await db.select().from(mailLog).where(eq(mailLog.id, id)).limit(1);
  return row ?? null;
}

/** The kinds (templates) that appear in the log, for the filter. */
export async function mailKinds(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ kind: mailLog.template }).from(mailLog).orderBy(mailLog.template);
  return rows.map((r) => r.kind);
}
