import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../db/database";
import { liveTickets } from "../db/schema";

export async function insertLiveTicket(
  db: Database,
  ticket: { ticketHash: string; userId: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(liveTickets).where(lt(liveTickets.expiresAt, now));
  await db.insert(liveTickets).values(ticket);
}

/** Spends a ticket: deleted in the same statement that reads it, so only one stream can use it. */
export async function spendLiveTicket(db: Database, ticketHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .delete(liveTickets)
    .where(and(eq(liveTickets.ticketHash, ticketHash), gt(liveTickets.expiresAt, now)))
    .returning({ userId: liveTickets.userId });
  return row?.userId ?? null;
}
