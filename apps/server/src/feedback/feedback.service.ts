import type { AuthUser, FeedbackItem, feedbackSchema } from "@changeradar/contracts";
import type { z } from "zod";
import { escapeHtml } from "../alerts/render/escape";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { Mailer } from "../mail/mailer";
import { type FeedbackRow, insertFeedback, listFeedback } from "./feedback.repository";

const present = (row: FeedbackRow): FeedbackItem => ({
  id: row.id,
  rating: row.rating,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});

export interface FeedbackDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, "supportEmail">;
}

/** Feedback is kept and mailed to support (reply-to the user), so someone reads it. */
export async function submitFeedback(
  deps: FeedbackDeps,
  user: AuthUser,
  input: z.output<typeof feedbackSchema>,
): Promise<FeedbackItem> {
  const row = await insertFeedback(deps.db, {
    userId: user.id,
    rating: input.rating,
    message: input.message,
  });
  const stars = "★".repeat(input.rating) + "☆".repeat(5 - input.rating);
  const who = `${user.firstName} ${user.lastName}`.trim() || user.email;
  await deps.mailer.send({
    to: deps.config.supportEmail,
    replyTo: user.email,
    subject: `Feedback ${input.rating}/5 from ${who}`,
    template: "feedback",
    text: `${stars} (${input.rating}/5) from ${who} <${user.email}>, plan ${user.planType}\n\n${input.message}\n`,
    html: `<p>${stars} (${input.rating}/5) from ${escapeHtml(who)} &lt;${escapeHtml(user.email)}&gt;, plan ${escapeHtml(user.planType)}</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
  });
  return present(row);
}

export async function feedbackHistory(
  deps: Pick<FeedbackDeps, "db">,
  user: AuthUser,
): Promise<{ items: FeedbackItem[] }> {
  return { items: (await listFeedback(deps.db, user.id)).map(present) };
}
