import { z } from "zod";
import { messageSchema } from "./auth";

/** Dashboard, reports, feedback, API keys (issue #4 / #6). */

export const dashboardSchema = z.object({
  monitors: z.object({ used: z.number(), limit: z.number(), paused: z.number() }),
  changes24h: z.number(),
  changes7d: z.number(),
  failing: z.array(
    z.object({ id: z.string(), name: z.string(), url: z.string(), lastError: z.string().nullable() }),
  ),
  nextChecks: z.array(z.object({ id: z.string(), name: z.string(), nextCheckAt: z.string().nullable() })),
  latestChanges: z.array(
    z.object({
      id: z.string(),
      monitorId: z.string(),
      monitorName: z.string(),
      detectedAt: z.string(),
      kinds: z.array(z.string()),
      summary: z.string(),
      significance: z.number(),
    }),
  ),
  /** The first-run checklist (issue 13 §5), each step read from the account's real state. */
  onboarding: z.object({
    emailVerified: z.boolean(),
    firstMonitor: z.boolean(),
    channel: z.boolean(),
    firstChange: z.boolean(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const reportQuerySchema = z.strictObject({
  /** ISO dates (inclusive), default the last 30 days. */
  from: z.string().date().optional(),
  to: z.string().date().optional(),
  monitorId: z.string().uuid().optional(),
});
export type ReportQuery = z.input<typeof reportQuerySchema>;

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ day: z.string(), checks: z.number(), changes: z.number(), errors: z.number() })),
  byMonitor: z.array(
    z.object({
      monitorId: z.string(),
      name: z.string(),
      checks: z.number(),
      changes: z.number(),
      errors: z.number(),
    }),
  ),
  byKind: z.record(z.string(), z.number()),
  errorRate: z.number(),
  prices: z.array(
    z.object({
      monitorId: z.string(),
      name: z.string(),
      currency: z.string().nullable(),
      points: z.array(z.object({ at: z.string(), amount: z.number() })),
    }),
  ),
});
export type Report = z.infer<typeof reportSchema>;

export const feedbackSchema = z.strictObject({
  rating: z.number().int().min(1, "Choose a rating").max(5),
  message: messageSchema,
});
export type FeedbackInput = z.input<typeof feedbackSchema>;
/** One sent feedback, as POST /feedback answers it and GET /feedback lists it. */
export const feedbackItemSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const createApiKeySchema = z.strictObject({
  name: z.string().trim().min(1, "Name is required").max(100, "Max. 100 characters allowed!"),
});
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters, to recognise a key ("cr_live_ab12…"). */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Only in the answer to creation: the whole key, shown once. */
  key: z.string().optional(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
