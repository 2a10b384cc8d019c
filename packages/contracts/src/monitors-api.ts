import { z } from "zod";
import { browserStepsSchema } from "./browser-steps";
import { httpUrl } from "./http-url";
import {
  maxSensitivity,
  minSensitivity,
  monitorModes,
  monitorSorts,
  monitorStatuses,
  siteLimits,
  watchKinds,
} from "./monitors";
import { pageOf, pageQuerySchema } from "./paging";
import { frequencies } from "./plans";

/** Monitor API shapes (issue #4, "The public contract"). */

export const conditionSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("price_below"), value: z.number().nonnegative() }),
  z.strictObject({ type: z.literal("price_above"), value: z.number().nonnegative() }),
  z.strictObject({ type: z.literal("price_drops_by_percent"), value: z.number().positive().max(100) }),
  z.strictObject({ type: z.literal("text_contains"), value: z.string().min(1).max(500) }),
  z.strictObject({ type: z.literal("text_not_contains"), value: z.string().min(1).max(500) }),
  z.strictObject({
    type: z.literal("number_compare"),
    /** A regex with one capture group (or plain text followed by a number) locating the number on the page. */
    pattern: z.string().min(1).max(200),
    operator: z.enum(["lt", "lte", "gt", "gte", "eq", "ne"]),
    value: z.number(),
  }),
]);
export type MonitorCondition = z.infer<typeof conditionSchema>;

/**
 * 0–100, higher means fewer alerts: 0 alerts on any change, 100 only on the most significant ones; absent
 * means `defaultSensitivity` (every visible change). One scale for the API, the editor, import and engine.
 */
export const sensitivitySchema = z
  .number({ error: `Sensitivity must be a whole number from ${minSensitivity} to ${maxSensitivity}` })
  .int(`Sensitivity must be a whole number from ${minSensitivity} to ${maxSensitivity}`)
  .min(minSensitivity, `Sensitivity must be a whole number from ${minSensitivity} to ${maxSensitivity}`)
  .max(maxSensitivity, `Sensitivity must be a whole number from ${minSensitivity} to ${maxSensitivity}`);

export const createMonitorSchema = z.strictObject({
  url: httpUrl,
  name: z.string().trim().max(200, "Max. 200 characters allowed!").optional(),
  frequency: z.enum(frequencies, { error: "Choose a check frequency" }),
  watch: z
    .array(z.enum(watchKinds))
    .min(1, "Choose at least one thing to watch")
    .max(watchKinds.length)
    .transform((kinds) => [...new Set(kinds)]),
  selector: z.string().trim().max(1000, "Max. 1000 characters allowed!").nullable().optional(),
  ignore: z.array(z.string().min(1).max(500)).max(100).optional(),
  conditions: z.array(conditionSchema).max(20).optional(),
  /** Render with a browser. Always on while "visual" is watched (a screenshot needs a rendered page). */
  renderJs: z.boolean().optional(),
  sensitivity: sensitivitySchema.optional(),
  channelIds: z.array(z.string().uuid()).max(20).optional(),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
  paused: z.boolean().optional(),
  /** Plain-words criteria for the optional AI judgement ("only tell me about price drops"). */
  aiCriteria: z.string().trim().max(500).nullable().optional(),
  /** One page (the default), or a site's pages from the sitemap at `url` or crawled from the page at `url`. */
  mode: z.enum(monitorModes, { error: "Choose one page, a sitemap or a crawl" }).optional(),
  /** Site monitors: pages listed at most (the mode's default when absent; a crawl allows fewer than a sitemap). */
  maxPages: z
    .number({ error: `Pages must be a whole number from 1 to ${siteLimits.sitemap.maxPages}` })
    .int(`Pages must be a whole number from 1 to ${siteLimits.sitemap.maxPages}`)
    .min(1, `Pages must be a whole number from 1 to ${siteLimits.sitemap.maxPages}`)
    .max(siteLimits.sitemap.maxPages, `Pages must be a whole number from 1 to ${siteLimits.sitemap.maxPages}`)
    .nullable()
    .optional(),
  /** Crawl: links followed this many steps from the start page. */
  crawlDepth: z
    .number({ error: `Depth must be a whole number from 1 to ${siteLimits.maxDepth}` })
    .int(`Depth must be a whole number from 1 to ${siteLimits.maxDepth}`)
    .min(1, `Depth must be a whole number from 1 to ${siteLimits.maxDepth}`)
    .max(siteLimits.maxDepth, `Depth must be a whole number from 1 to ${siteLimits.maxDepth}`)
    .nullable()
    .optional(),
  /** Run in the rendered page before each check (needs renderJs; Pro and Business). */
  browserSteps: browserStepsSchema.optional(),
  /**
   * Site monitors: watch each page found for content changes, with this monitor's settings (watch kinds,
   * sensitivity, ignore rules, conditions, channels). The plan caps how many pages one site may watch.
   */
  watchPages: z.boolean().optional(),
});
export type CreateMonitorInput = z.input<typeof createMonitorSchema>;

export const updateMonitorSchema = createMonitorSchema.partial();
export type UpdateMonitorInput = z.input<typeof updateMonitorSchema>;

export const monitorSchema = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  frequency: z.enum(frequencies),
  watch: z.array(z.enum(watchKinds)),
  selector: z.string().nullable(),
  ignore: z.array(z.string()),
  conditions: z.array(conditionSchema),
  renderJs: z.boolean(),
  sensitivity: z.number(),
  channelIds: z.array(z.string()),
  tags: z.array(z.string()),
  paused: z.boolean(),
  aiCriteria: z.string().nullable(),
  mode: z.enum(monitorModes),
  /** Site monitors: pages listed at most, and a crawl's depth (null for one page). */
  maxPages: z.number().nullable(),
  crawlDepth: z.number().nullable(),
  /** A secret step's text is never sent back: it reads `secretPlaceholder`. */
  browserSteps: browserStepsSchema,
  /** Site monitors: each page found is watched by a page monitor of its own (listed with `site=<id>`). */
  watchPages: z.boolean(),
  /** A page watched for a site monitor: that monitor's id. Its settings are the site monitor's. */
  parentId: z.string().nullable(),
  status: z.enum(monitorStatuses),
  lastCheckedAt: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  lastChangeAt: z.string().nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number(),
  /** The latest snapshot's headline facts, for lists. */
  latest: z
    .object({
      title: z.string().nullable(),
      price: z.object({ amount: z.number(), currency: z.string().nullable() }).nullable(),
      availability: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Monitor = z.infer<typeof monitorSchema>;

export const listMonitorsQuerySchema = z.strictObject({
  sort: z.enum(monitorSorts).default("default"),
  status: z.enum(monitorStatuses).optional(),
  kind: z.enum(watchKinds).optional(),
  tag: z.string().max(40).optional(),
  search: z.string().max(200).optional(),
  /** The pages a site monitor watches one by one (its id); without it, the monitors the user made. */
  site: z.string().uuid("site must be a monitor's id").optional(),
  ...pageQuerySchema.shape,
});
export type ListMonitorsQuery = z.input<typeof listMonitorsQuerySchema>;
export const monitorPageSchema = pageOf(monitorSchema);
export type MonitorPage = z.infer<typeof monitorPageSchema>;
/** GET /tags: each tag in use with how many monitors carry it. */
export const tagCountSchema = z.object({ name: z.string(), count: z.number() });
export type TagCount = z.infer<typeof tagCountSchema>;

export const previewRequestSchema = z.strictObject({
  url: httpUrl,
  selector: z.string().trim().max(1000).nullable().optional(),
  renderJs: z.boolean().optional(),
});
export type PreviewRequest = z.input<typeof previewRequestSchema>;

export const previewSchema = z.object({
  url: z.string(),
  finalUrl: z.string(),
  title: z.string().nullable(),
  format: z.string(),
  /** The first lines of visible text (within the selector when given). */
  text: z.array(z.string()),
  price: z.object({ amount: z.number(), currency: z.string().nullable() }).nullable(),
  availability: z.string(),
  items: z.array(z.object({ title: z.string(), url: z.string().nullable() })),
  images: z.array(z.string()),
  selectorMatched: z.boolean().nullable(),
  /** Full-page PNG as a data: URL when rendered with JavaScript. */
  screenshot: z.string().nullable(),
  /** The page's HTML with scripts, event handlers and frames removed, for the element picker (shown in a sandbox). */
  html: z.string().nullable(),
  /** What to watch, suggested from what was found (a price → price, items → new_content…). */
  suggestedWatch: z.array(z.enum(watchKinds)),
});
export type Preview = z.infer<typeof previewSchema>;

/** The files the import reads: a plain list or CSV of URLs, urlwatch, changedetection.io and Distill. */
export const importFormats = ["list", "csv", "urlwatch", "changedetection", "distill"] as const;
export type ImportFormat = (typeof importFormats)[number];
export const importFormatLabels: Record<ImportFormat, string> = {
  list: "List of URLs",
  csv: "CSV of URLs",
  urlwatch: "urlwatch urls.yaml",
  changedetection: "changedetection.io backup (.zip)",
  distill: "Distill export (.json)",
};

/** The largest import file (a changedetection.io backup zip carries snapshots too). */
export const maxImportFileBytes = 15 * 1024 * 1024;

export const importMonitorsSchema = z
  .strictObject({
    /** One URL per line, or a list. */
    urls: z.union([z.string().max(100_000), z.array(z.string().max(2048)).max(500)]).optional(),
    /** A file from another tool: text as is, a zip as base64. */
    file: z
      .strictObject({
        name: z.string().max(255),
        content: z.string().max(Math.ceil((maxImportFileBytes * 4) / 3) + 4),
        encoding: z.enum(["utf8", "base64"]).default("utf8"),
      })
      .optional(),
    /** Read from the file's name and content when absent. */
    format: z.enum(importFormats).optional(),
    /** Only report what would be created and what cannot be carried over. */
    dryRun: z.boolean().default(false),
    /** Used where the file has no interval of its own. */
    frequency: z.enum(frequencies),
    watch: z.array(z.enum(watchKinds)).min(1, "Choose at least one thing to watch"),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
    sensitivity: sensitivitySchema.optional(),
    renderJs: z.boolean().optional(),
  })
  .refine((input) => input.urls !== undefined || input.file !== undefined, {
    message: "Paste some addresses or choose a file to import",
    path: ["file"],
  });
export type ImportMonitorsInput = z.input<typeof importMonitorsSchema>;

export const importSkipReasons = ["invalid_url", "duplicate", "over_plan_limit", "unsupported"] as const;
export type ImportSkipReason = (typeof importSkipReasons)[number];

export const plannedImportSchema = z.object({
  url: z.string(),
  name: z.string(),
  frequency: z.enum(frequencies),
  tags: z.array(z.string()),
  selector: z.string().nullable(),
  renderJs: z.boolean(),
  paused: z.boolean(),
  /** How many of the source's browser steps (a login, a click) are carried over. */
  browserSteps: z.number().int(),
  /** Settings of the source that are not carried over, and why. */
  notes: z.array(z.string()),
});
export type PlannedImport = z.infer<typeof plannedImportSchema>;

export const skippedImportSchema = z.object({
  url: z.string(),
  name: z.string().nullable(),
  reason: z.enum(importSkipReasons),
  message: z.string(),
});
export type SkippedImport = z.infer<typeof skippedImportSchema>;

export const importResultSchema = z.object({
  format: z.enum(importFormats),
  dryRun: z.boolean(),
  /** What will be created (dry run) or what was to be created. */
  planned: z.array(plannedImportSchema),
  created: z.array(monitorSchema),
  skipped: z.array(skippedImportSchema),
  /** The skipped entries as `{ url, message }` (the first shape of this answer). */
  errors: z.array(z.object({ url: z.string(), message: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** POST /monitors/check: "check now" for many monitors at once (My Monitors selection). */
export const bulkCheckRequestSchema = z.strictObject({
  ids: z.array(z.string().uuid()).min(1).max(500),
});
export type BulkCheckRequest = z.input<typeof bulkCheckRequestSchema>;

export const bulkCheckResultSchema = z.object({
  /** Monitors now due at once. */
  queued: z.number().int(),
  /** Paused, checked within the cool-down, or not the caller's. */
  skipped: z.number().int(),
});
export type BulkCheckResult = z.infer<typeof bulkCheckResultSchema>;
