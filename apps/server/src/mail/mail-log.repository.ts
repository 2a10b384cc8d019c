import { desc } from "drizzle-orm";
import type { Database } from "../db/database";
import { mailLog } from "../db/schema";
import type { MailResult, OutgoingMail } from "./mailer";

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
