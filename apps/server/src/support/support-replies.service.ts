import type { SupportReply } from "@changeradar/contracts";
import { type Actor, audit } from "../audit/audit.service";
import type { ServiceContext } from "../context";
import { NotFound } from "../http/errors";
import { systemMail } from "../mail/system-mail";
import { findUserById, isUuid } from "../users/users.repository";
import { findSupportRequest, insertReply, type SupportReplyRow } from "./support-replies.repository";

export type { SupportReplyRow };

/**
 * The support team answers a request: the reply is stored (the customer sees it on Support), the request
 * is marked answered, the audit log records it, and the customer gets the "support-reply" email.
 */
export async function answerSupportRequest(
  ctx: ServiceContext<"db" | "config" | "mailer", { actor: Actor & { name: string } }>,
  input: { requestId: string; message: string },
): Promise<SupportReply> {
  const { actor } = ctx;
  const { requestId, message } = input;
  const request = isUuid(requestId) ? await findSupportRequest(ctx.db, requestId) : null;
  if (!request) throw new NotFound("No support request with this id.");
  const reply = await ctx.db.transaction(async (tx) => {
    const row = await insertReply(tx, { requestId, authorId: actor.id, authorName: actor.name, message });
    await audit(
      { db: tx, actor },
      {
        action: "support.reply",
        targetType: "support_request",
        targetId: request.id,
        targetLabel: `${request.email}: ${request.subject}`,
        changes: { status: { from: request.status, to: "answered" }, reply: message },
      },
    );
    return row;
  });
  const customer = request.userId ? await findUserById(ctx.db, request.userId) : null;
  const mail = await systemMail(ctx.db, "support-reply", {
    firstName: customer?.firstName ?? request.name,
    subject: request.subject,
    reply: message,
    supportUrl: `${ctx.config.appUrl}/auth/support`,
    appUrl: ctx.config.appUrl,
  });
  await ctx.mailer.send({ to: customer?.email ?? request.email, replyTo: ctx.config.supportEmail, ...mail });
  return presentReply(reply);
}

export function presentReply(row: SupportReplyRow): SupportReply {
  return {
    id: row.id,
    authorName: row.authorName,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
