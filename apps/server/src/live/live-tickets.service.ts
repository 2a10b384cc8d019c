import { createHash, randomBytes } from "node:crypto";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { Forbidden } from "../http/errors";
import { insertLiveTicket, spendLiveTicket } from "./live-tickets.repository";

/** How long a stream ticket may wait before the EventSource presents it. */
export const LIVE_TICKET_SECONDS = 60;

const hash = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

/**
 * Stream tickets: EventSource cannot send an Authorization header, so the web app trades its access token
 * for a random single-use ticket that lives a minute, and puts that in the stream's URL instead of the
 * token. Only the ticket's hash is stored; any API node can spend it.
 */
export async function issueLiveTicket(
  deps: { db: Database; clock: Clock },
  userId: string,
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(32).toString("base64url");
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + LIVE_TICKET_SECONDS * 1000);
  await insertLiveTicket(deps.db, { ticketHash: hash(ticket), userId, expiresAt }, now);
  return { ticket, expiresAt };
}

/** The ticket's user; a used, expired or unknown ticket is refused. */
export async function spendLiveTicketFor(
  deps: { db: Database; clock: Clock },
  ticket: string,
): Promise<string> {
  const userId = ticket.length <= 100 ? await spendLiveTicket(deps.db, hash(ticket), deps.clock.now()) : null;
  if (!userId) throw new Forbidden("This live-stream ticket is used or expired. Ask for a new one.");
  return userId;
}
