import { z } from "zod";

/** "Try it on a demo page" (issue 13 §5): each user's own demo page, served by ChangeRadar itself. */

export const demoSchema = z.object({
  /** The page's address: open it to see what the monitor watches. */
  url: z.string(),
  /** The monitor watching it (null once the user deleted that monitor). */
  monitorId: z.string().nullable(),
  /** How many times the page was changed. */
  version: z.number().int().min(0),
  changedAt: z.string().nullable(),
});
export type Demo = z.infer<typeof demoSchema>;

export const demoChangeSchema = demoSchema.extend({
  /** What this change did, in one sentence ("The price went from $49.00 to $45.00."). */
  changed: z.string(),
  /** Whether a check of the demo monitor was started (not when that monitor is gone or paused). */
  checking: z.boolean(),
});
export type DemoChange = z.infer<typeof demoChangeSchema>;

/** The demo page's address part: 24 characters of base64url. */
export const demoTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{24}$/, "Unknown demo page");

/** Neither request takes a body; anything sent is refused rather than ignored. */
export const demoRequestSchema = z.union([z.undefined(), z.null(), z.strictObject({})]);
