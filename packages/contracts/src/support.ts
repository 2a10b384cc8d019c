import { z } from "zod";

/** A support request as the Support screen lists it (GET /users/gethelp). */
export const supportRequestSchema = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(["open", "answered", "closed"]),
  createdAt: z.string(),
  /** The support team's answers, oldest first. */
  replies: z.array(
    z.object({ id: z.string(), authorName: z.string(), message: z.string(), createdAt: z.string() }),
  ),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

/** POST /auth/record-visitor: an optional id the browser keeps for its session (spec leaves the body open). */
export const recordVisitorSchema = z
  .strictObject({ sessionId: z.string().trim().min(8).max(128).optional() })
  .optional();

/** Calls whose answer the spec does not fix reply with a human sentence. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
