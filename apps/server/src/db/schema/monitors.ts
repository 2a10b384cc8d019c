import type {
  BrowserStep,
  Frequency,
  MonitorCondition,
  MonitorMode,
  WatchKind,
} from "@changeradar/contracts";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, createdAt, timestamptz } from "./columns";
import { users } from "./users";

/** The headline facts of a monitor's latest snapshot, kept on the row so lists need no blob reads. */
export interface LatestFacts {
  title: string | null;
  price: { amount: number; currency: string | null } | null;
  availability: string;
}

export const monitors = pgTable(
  "monitors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** Lower-cased host, for per-host politeness limits. */
    host: text("host").notNull(),
    name: text("name").notNull(),
    frequency: text("frequency").$type<Frequency>().notNull(),
    watch: jsonb("watch").$type<WatchKind[]>().notNull(),
    selector: text("selector"),
    ignoreRules: jsonb("ignore_rules").$type<string[]>().notNull().default([]),
    conditions: jsonb("conditions").$type<MonitorCondition[]>().notNull().default([]),
    renderJs: boolean("render_js").notNull().default(false),
    sensitivity: smallint("sensitivity").notNull().default(50),
    channelIds: jsonb("channel_ids").$type<string[]>().notNull().default([]),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    paused: boolean("paused").notNull().default(false),
    /** Set when a plan downgrade paused the monitor (resuming it is gated by the plan again). */
    pausedByPlan: boolean("paused_by_plan").notNull().default(false),
    /** Set when an administrator disabled the owner's account; enabling it resumes exactly these. */
    pausedByDisable: boolean("paused_by_disable").notNull().default(false),
    aiCriteria: text("ai_criteria"),
    /** One page, or a site's pages from its sitemap or a crawl (issue 13): `url` is the sitemap or start page. */
    mode: text("mode").$type<MonitorMode>().notNull().default("page"),
    /** Site monitors: pages listed at most, and how many steps a crawl follows links (null for one page). */
    maxPages: integer("max_pages"),
    crawlDepth: smallint("crawl_depth"),
    /** Site monitors: each page found is watched for content changes by a page monitor of its own. */
    watchPages: boolean("watch_pages").notNull().default(false),
    /**
     * A page watched for its site monitor (watchPages): created when the page is found, deleted with it or
     * with the site monitor, its settings the site monitor's. Not listed, edited or counted on its own.
     */
    parentId: uuid("parent_id").references((): AnyPgColumn => monitors.id, { onDelete: "cascade" }),
    /** Browser steps run before each check; a secret "type" step's text is sealed (monitors/step-secrets.ts). */
    browserSteps: jsonb("browser_steps").$type<BrowserStep[]>().notNull().default([]),
    // Scheduling
    nextCheckAt: timestamptz("next_check_at").notNull().defaultNow(),
    leaseUntil: timestamptz("lease_until"),
    leaseOwner: text("lease_owner"),
    manualCheckAt: timestamptz("manual_check_at"),
    // State of the latest checks
    lastCheckedAt: timestamptz("last_checked_at"),
    lastChangeAt: timestamptz("last_change_at"),
    lastError: text("last_error"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    /** The one "monitor failing" alert was sent; a success then sends the one "recovered" alert. */
    failingAlerted: boolean("failing_alerted").notNull().default(false),
    etag: text("etag"),
    /** sha256 of the last checked body's bytes: the same bytes again are not parsed. */
    bodyHash: text("body_hash"),
    lastModified: text("last_modified"),
    latestSnapshotId: uuid("latest_snapshot_id"),
    latest: jsonb("latest").$type<LatestFacts>(),
    /** The engine's learned noise (volatile line templates). */
    learnedNoise: jsonb("learned_noise"),
    /** Fingerprints of the last versions, for flip-flop suppression. */
    recentFingerprints: jsonb("recent_fingerprints").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("monitors_user_idx").on(t.userId, t.createdAt),
    // The scheduler's claim: due, not paused, ordered by due time. Partial, so paused monitors cost nothing
    // and the claim stays an index range scan at a million rows.
    index("monitors_parent_idx").on(t.parentId).where(sql`${t.parentId} is not null`),
    index("monitors_due_idx").on(t.nextCheckAt).where(sql`${t.paused} = false`),
  ],
);

export type MonitorRow = typeof monitors.$inferSelect;

/**
 * What a monitor's browser keeps between checks, off the monitor row (lists never read it): the cookie
 * jar after the last successful check, sealed, and the screenshot of the page where a browser step failed.
 */
export const monitorBrowserState = pgTable("monitor_browser_state", {
  monitorId: uuid("monitor_id")
    .primaryKey()
    .references(() => monitors.id, { onDelete: "cascade" }),
  /** Sealed JSON of the browser context's cookies (AES-256-GCM, server key). */
  cookies: text("cookies"),
  failureScreenshot: bytea("failure_screenshot"),
  failedAt: timestamptz("failed_at"),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
