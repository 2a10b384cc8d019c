import type { IgnoredNoiseCounts, WatchKind } from "@changeradar/contracts";
import type { ChangeDiffs } from "@changeradar/engine";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { blobs } from "./blobs";
import { createdAt, timestamptz } from "./columns";
import { monitors } from "./monitors";

/**
 * One row per check, or per run of identical unchanged checks: kept small (no content), so a million
 * checks a day stay cheap. A run (same status, HTTP status and ignored noise, no error, within one UTC
 * day) is one row updated in place: `repeats` more checks after the first, the last one started at
 * `lastStartedAt`. Those columns are in no index, so the update is heap-only (see migration 0017).
 */
export const checks = pgTable(
  "checks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    monitorId: uuid("monitor_id")
      .notNull()
      .references(() => monitors.id, { onDelete: "cascade" }),
    startedAt: timestamptz("started_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    status: text("status", { enum: ["unchanged", "not_modified", "changed", "error"] }).notNull(),
    httpStatus: smallint("http_status"),
    error: text("error"),
    /** What the noise filter hid on this check; null (no bytes) when nothing was, as on most checks. */
    ignored: jsonb("ignored").$type<IgnoredNoiseCounts>(),
    /** Checks folded into this row after the first: the row counts 1 + repeats checks. */
    repeats: integer("repeats").notNull().default(0),
    /** When the last check of the run started; null while the row is one check. */
    lastStartedAt: timestamptz("last_started_at"),
    /** The repeats' durations added up (the first check's is `durationMs`). */
    repeatDurationMs: integer("repeat_duration_ms").notNull().default(0),
  },
  (t) => [index("checks_monitor_started_idx").on(t.monitorId, t.startedAt)],
);

/** A version of a page, stored only when its content changed; the content itself is a shared blob. */
export const snapshots = pgTable(
  "snapshots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    monitorId: uuid("monitor_id")
      .notNull()
      .references(() => monitors.id, { onDelete: "cascade" }),
    takenAt: timestamptz("taken_at").notNull(),
    contentBlobId: text("content_blob_id")
      .notNull()
      .references(() => blobs.id),
    screenshotBlobId: text("screenshot_blob_id").references(() => blobs.id),
    fingerprint: text("fingerprint").notNull(),
  },
  (t) => [index("snapshots_monitor_taken_idx").on(t.monitorId, t.takenAt)],
);

/** What a change row keeps of the engine's diffs: everything but the pixel-diff bytes (a blob instead). */
export interface StoredChangeDiff {
  text: ChangeDiffs["text"];
  items: ChangeDiffs["items"];
  images: ChangeDiffs["images"];
  price: ChangeDiffs["price"];
  availability: ChangeDiffs["availability"];
  structure: ChangeDiffs["structure"];
  visual: { percent: number; width: number; height: number } | null;
}

export const changes = pgTable(
  "changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    monitorId: uuid("monitor_id")
      .notNull()
      .references(() => monitors.id, { onDelete: "cascade" }),
    detectedAt: timestamptz("detected_at").notNull(),
    kinds: jsonb("kinds").$type<WatchKind[]>().notNull(),
    summary: text("summary").notNull(),
    significance: smallint("significance").notNull(),
    diff: jsonb("diff").$type<StoredChangeDiff>().notNull(),
    beforeSnapshotId: uuid("before_snapshot_id").references(() => snapshots.id, { onDelete: "set null" }),
    afterSnapshotId: uuid("after_snapshot_id").references(() => snapshots.id, { onDelete: "set null" }),
    diffImageBlobId: text("diff_image_blob_id").references(() => blobs.id),
    diffPercent: real("diff_percent"),
    priceBefore: doublePrecision("price_before"),
    priceAfter: doublePrecision("price_after"),
    currency: text("currency"),
    /** False when the conditions held the alert back (the change is still in the history). */
    alerted: boolean("alerted").notNull().default(true),
    rating: text("rating", { enum: ["useful", "noise"] }),
    createdAt: createdAt(),
  },
  (t) => [index("changes_monitor_detected_idx").on(t.monitorId, t.detectedAt)],
);

export const pricePoints = pgTable(
  "price_points",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    monitorId: uuid("monitor_id")
      .notNull()
      .references(() => monitors.id, { onDelete: "cascade" }),
    at: timestamptz("at").notNull(),
    amount: doublePrecision("amount").notNull(),
    currency: text("currency"),
    /**
     * When the same price was last seen again: a point is written only when the price moves, and then
     * extended in place (null while it was seen once).
     */
    lastSeenAt: timestamptz("last_seen_at"),
  },
  (t) => [index("price_points_monitor_at_idx").on(t.monitorId, t.at)],
);

export type CheckRow = typeof checks.$inferSelect;
export type SnapshotRow = typeof snapshots.$inferSelect;
export type ChangeRow = typeof changes.$inferSelect;
