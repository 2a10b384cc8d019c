import { z } from "zod";
import { monitorModes, watchKinds } from "./monitors";

/** Change history shapes (issue #4: timeline, change detail, checks, price series). */

/**
 * What the noise filter hid on a check that compared the page ("3 timestamps, 1 counter ignored"): masked
 * fragments that differed by kind, lines hidden by learned noise, and the user's ignore rules that hid
 * something, as written. Kinds with nothing hidden are left out; null when nothing was.
 */
export const ignoredNoiseSchema = z.object({
  timestamps: z.number().int().optional(),
  counters: z.number().int().optional(),
  ids: z.number().int().optional(),
  learned: z.number().int().optional(),
  rules: z.array(z.object({ rule: z.string(), lines: z.number().int() })).optional(),
});
export type IgnoredNoiseCounts = z.infer<typeof ignoredNoiseSchema>;

export const changeSummarySchema = z.object({
  id: z.string(),
  monitorId: z.string(),
  monitorName: z.string(),
  detectedAt: z.string(),
  kinds: z.array(z.enum(watchKinds)),
  summary: z.string(),
  significance: z.number(),
  /** The user's rating of the alert. */
  rating: z.enum(["useful", "noise"]).nullable(),
  /** In the change lists: what the noise filter hid on the check that found the change. */
  ignored: ignoredNoiseSchema.nullable().optional(),
});
export type ChangeSummary = z.infer<typeof changeSummarySchema>;

export const wordPartSchema = z.object({ op: z.enum(["equal", "add", "remove"]), text: z.string() });
export const diffLineSchema = z.object({
  op: z.enum(["equal", "add", "remove", "change"]),
  before: z.string().optional(),
  after: z.string().optional(),
  /** Word-level detail for "change" lines. */
  words: z.array(wordPartSchema).optional(),
});
export type DiffLine = z.infer<typeof diffLineSchema>;

const itemSchema = z.object({ title: z.string(), url: z.string().nullable() });

export const changeDetailSchema = changeSummarySchema.extend({
  /** `mode` tells a site monitor's change (pages come and go) from a page's. */
  monitor: z.object({ id: z.string(), url: z.string(), name: z.string(), mode: z.enum(monitorModes) }),
  textDiff: z.array(diffLineSchema),
  items: z.object({ added: z.array(itemSchema), removed: z.array(itemSchema) }),
  images: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
  price: z
    .object({
      before: z.number().nullable(),
      after: z.number().nullable(),
      currency: z.string().nullable(),
      changePercent: z.number().nullable(),
    })
    .nullable(),
  availability: z.object({ before: z.string(), after: z.string() }).nullable(),
  /** URLs of the PNGs (served with image/png by the API), when the monitor renders. */
  screenshots: z
    .object({
      before: z.string().nullable(),
      after: z.string().nullable(),
      diff: z.string().nullable(),
      diffPercent: z.number().nullable(),
    })
    .nullable(),
});
export type ChangeDetail = z.infer<typeof changeDetailSchema>;

export const rateChangeSchema = z.strictObject({
  rating: z.enum(["useful", "noise"]),
  /** With "noise": ignore rules the user confirmed, added to the monitor. */
  addIgnoreRules: z.array(z.string().min(1).max(500)).max(20).optional(),
});
export type RateChangeInput = z.input<typeof rateChangeSchema>;

export const checkStatuses = ["unchanged", "not_modified", "changed", "error"] as const;

/**
 * A check, or a run of identical unchanged checks (same result and HTTP status, nothing else ignored, one
 * UTC day): `count` checks from `startedAt` to `lastStartedAt`, taking `durationMs` on average.
 */
export const checkSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  /** When the run's last check started; null for a single check. */
  lastStartedAt: z.string().nullable(),
  count: z.number(),
  durationMs: z.number(),
  status: z.enum(checkStatuses),
  httpStatus: z.number().nullable(),
  error: z.string().nullable(),
  ignored: ignoredNoiseSchema.nullable(),
});
export type Check = z.infer<typeof checkSchema>;

export const pricePointSchema = z.object({
  at: z.string(),
  amount: z.number(),
  currency: z.string().nullable(),
});
export type PricePoint = z.infer<typeof pricePointSchema>;
