import { z } from "zod";
import { changeDetailSchema } from "./changes-api";

/** Private feeds of changes and public share links of one change (issue 13 §4). */

export const feedScopes = ["account", "monitor", "tag"] as const;
export type FeedScope = (typeof feedScopes)[number];

export const createFeedSchema = z.discriminatedUnion("scope", [
  z.strictObject({ scope: z.literal("account") }),
  z.strictObject({ scope: z.literal("monitor"), monitorId: z.string().uuid("Unknown monitor") }),
  z.strictObject({ scope: z.literal("tag"), tag: z.string().trim().min(1).max(40) }),
]);
export type CreateFeedInput = z.input<typeof createFeedSchema>;

export const feedSchema = z.object({
  id: z.string(),
  scope: z.enum(feedScopes),
  monitorId: z.string().nullable(),
  tag: z.string().nullable(),
  /** The secret addresses: whoever has one can read the feed, until it is rotated or revoked. */
  rssUrl: z.string(),
  atomUrl: z.string(),
  createdAt: z.string(),
  lastReadAt: z.string().nullable(),
});
export type Feed = z.infer<typeof feedSchema>;

export const listFeedsQuerySchema = z.strictObject({
  scope: z.enum(feedScopes).optional(),
  monitorId: z.string().uuid().optional(),
  tag: z.string().max(40).optional(),
});
export type ListFeedsQuery = z.input<typeof listFeedsQuerySchema>;

export const shareExpiries = ["1h", "1d", "7d", "30d"] as const;
export type ShareExpiry = (typeof shareExpiries)[number];
export const shareExpiryLabels: Record<ShareExpiry, string> = {
  "1h": "1 hour",
  "1d": "1 day",
  "7d": "7 days",
  "30d": "30 days",
};

export const createShareSchema = z.strictObject({ expiresIn: z.enum(shareExpiries) });

export const shareLinkSchema = z.object({
  id: z.string(),
  changeId: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** What a share link shows: the change and the page it happened on, nothing about the account. */
export const sharedChangeSchema = changeDetailSchema
  .omit({ monitorId: true, monitorName: true, monitor: true, rating: true })
  .extend({ pageUrl: z.string(), expiresAt: z.string() });
export type SharedChange = z.infer<typeof sharedChangeSchema>;

/** GET /export/account.json: everything a user set up and the history the plan keeps, secrets left out. */
export const accountExportSchema = z.object({
  format: z.literal("changeradar-export"),
  version: z.literal(1),
  exportedAt: z.string(),
  monitors: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      name: z.string(),
      frequency: z.string(),
      watch: z.array(z.string()),
      selector: z.string().nullable(),
      ignore: z.array(z.string()),
      conditions: z.array(z.unknown()),
      renderJs: z.boolean(),
      sensitivity: z.number(),
      tags: z.array(z.string()),
      paused: z.boolean(),
      channelIds: z.array(z.string()),
      createdAt: z.string(),
    }),
  ),
  channels: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      name: z.string(),
      /** The channel's settings without its secrets. */
      config: z.record(z.string(), z.unknown()),
      /** Secret settings (tokens, signing secrets, private webhook URLs) that are never exported. */
      secretsNotExported: z.array(z.string()),
      createdAt: z.string(),
    }),
  ),
  changes: z.array(
    z.object({
      id: z.string(),
      monitorId: z.string(),
      monitorName: z.string(),
      url: z.string(),
      detectedAt: z.string(),
      kinds: z.array(z.string()),
      summary: z.string(),
      significance: z.number(),
      price: z
        .object({
          before: z.number().nullable(),
          after: z.number().nullable(),
          currency: z.string().nullable(),
        })
        .nullable(),
      textDiff: z.array(
        z.object({ op: z.string(), before: z.string().optional(), after: z.string().optional() }),
      ),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
