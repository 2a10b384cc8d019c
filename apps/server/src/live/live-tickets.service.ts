import { createHash, randomBytes } from "node:crypto";
import type { ServiceContext } from "../context";
import type { UserContext } from "../entitlements";
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
  ctx: UserContext<"db" | "clock">,
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + LIVE_TICKET_SECONDS * 1000);
  await insertLiveTicket(ctx.db, { ticketHash: hash(ticket), userId: ctx.user.id, expiresAt }, now);
  return { ticket, expiresAt };
}

/** The ticket's user; a used, expired or unknown ticket is refused. */
export async function spendLiveTicketFor(
  ctx: ServiceContext<"db" | "clock">,
  input: { ticket: string },
): Promise<string> {
  const { ticket } = input;
  const userId = ticket.length <= 100 ? await spendLiveTicket(ctx.db, hash(ticket), ctx.clock.now()) : null;
  if (!userId) throw new Forbidden("This live-stream ticket is used or expired. Ask for a new one.");
  return userId;
}
