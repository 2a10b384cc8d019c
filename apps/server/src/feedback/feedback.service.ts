import type { FeedbackItem, feedbackSchema } from "@changeradar/contracts";
import type { z } from "zod";
import { escapeHtml } from "../alerts/render/escape";
import type { UserContext } from "../entitlements";
import { type FeedbackRow, insertFeedback, listFeedback } from "./feedback.repository";

const present = (row: FeedbackRow): FeedbackItem => ({
  id: row.id,
  rating: row.rating,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});

/** Feedback is kept and mailed to support (reply-to the user), so someone reads it. */
export async function submitFeedback(
  ctx: UserContext<"db" | "mailer" | "config">,
  input: z.output<typeof feedbackSchema>,
): Promise<FeedbackItem> {
  const { user } = ctx;
  const row = await insertFeedback(ctx.db, {
    userId: user.id,
    rating: input.rating,
    message: input.message,
  });
  const stars = "★".repeat(input.rating) + "☆".repeat(5 - input.rating);
  const who = `${user.firstName} ${user.lastName}`.trim() || user.email;
  await ctx.mailer.send({
    to: ctx.config.supportEmail,
    replyTo: user.email,
    subject: `Feedback ${input.rating}/5 from ${who}`,
    template: "feedback",
    text: `${stars} (${input.rating}/5) from ${who} <${user.email}>, plan ${user.planType}\n\n${input.message}\n`,
    html: `<p>${stars} (${input.rating}/5) from ${escapeHtml(who)} &lt;${escapeHtml(user.email)}&gt;, plan ${escapeHtml(user.planType)}</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
  });
  return present(row);
}

export async function feedbackHistory(ctx: UserContext<"db">): Promise<{ items: FeedbackItem[] }> {
  return { items: (await listFeedback(ctx.db, ctx.user.id)).map(present) };
}
