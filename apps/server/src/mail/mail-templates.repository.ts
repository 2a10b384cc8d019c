import { eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { mailTemplates } from "../db/schema";

export type MailTemplateRow = typeof mailTemplates.$inferSelect;

export async function findTemplateEdit(db: Database, key: string): Promise<MailTemplateRow | null> {
  const [row] = await db.select().from(mailTemplates).where(eq(mailTemplates.key, key)).limit(1);
  return row ?? null;
}

export async function listTemplateEdits(db: Database): Promise<MailTemplateRow[]> {
  return db.select().from(mailTemplates);
}

export async function saveTemplateEdit(db: Database, row: typeof mailTemplates.$inferInsert): Promise<void> {
  const { key, ...changes } = row;
  await db.insert(mailTemplates).values(row).onConflictDoUpdate({ target: mailTemplates.key, set: changes });
}

export async function deleteTemplateEdit(db: Database, key: string): Promise<boolean> {
  const rows = await db
    .delete(mailTemplates)
    .where(eq(mailTemplates.key, key))
    .returning({ key: mailTemplates.key });
  return rows.length > 0;
}
