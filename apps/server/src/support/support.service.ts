import type { contactSchema, getHelpSchema, SupportRequest } from "@changeradar/contracts";
import type { z } from "zod";
import type { ServiceContext } from "../context";
import type { UserContext } from "../entitlements";
import { systemMail } from "../mail/system-mail";
import { insertSupportRequest, listUserSupportRequests, type SupportRequestRow } from "./support.repository";
import { listReplies } from "./support-replies.repository";
import { presentReply, type SupportReplyRow } from "./support-replies.service";

type Ctx = ServiceContext<"db" | "config" | "mailer">;

/** POST /users/gethelp: stored (the user sees it on the Support screen) and emailed to the support team. */
export async function requestHelp(
  ctx: UserContext<"db" | "config" | "mailer">,
  input: z.output<typeof getHelpSchema>,
) {
  const { user } = ctx;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  await insertSupportRequest(ctx.db, { userId: user.id, kind: "gethelp", name, email: user.email, ...input });
  const mail = await systemMail(ctx.db, "support-request", {
    name,
    email: user.email,
    plan: user.planType,
    ...input,
    appUrl: ctx.config.appUrl,
  });
  await ctx.mailer.send({ to: ctx.config.supportEmail, replyTo: user.email, ...mail });
  return { message: "Thanks! Our support team has your request and will reply by email." };
}

/** The user's requests, newest first, each with the support team's replies (oldest first). */
export async function listHelpRequests(ctx: UserContext<"db">): Promise<SupportRequest[]> {
  const requests = await listUserSupportRequests(ctx.db, ctx.user.id);
  const replies = await listReplies(
    ctx.db,
    requests.map((r) => r.id),
  );
  return requests.map((row) => toSupportRequest(row, replies));
}

/** POST /users/contactus: anyone may write; stored and emailed to the support team. */
export async function contactUs(ctx: Ctx, input: z.output<typeof contactSchema>) {
  const subject = input.subject ?? "Message from the contact form";
  await insertSupportRequest(ctx.db, {
    kind: "contact",
    name: input.name,
    email: input.email,
    subject,
    message: input.message,
  });
  const mail = await systemMail(ctx.db, "contact-message", {
    name: input.name,
    email: input.email,
    subject,
    message: input.message,
    appUrl: ctx.config.appUrl,
  });
  await ctx.mailer.send({ to: ctx.config.supportEmail, replyTo: input.email, ...mail });
  return { message: "Thank you for contacting us! We will get back to you soon." };
}

function toSupportRequest(row: SupportRequestRow, replies: SupportReplyRow[]): SupportRequest {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    replies: replies.filter((r) => r.requestId === row.id).map(presentReply),
  };
}
