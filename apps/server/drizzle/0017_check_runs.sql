ALTER TABLE "checks" ADD COLUMN "repeats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checks" ADD COLUMN "last_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checks" ADD COLUMN "repeat_duration_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_points" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
-- A run of unchanged checks, and a price seen again, update their row in place (columns in no index).
-- Free space left in each page keeps those updates heap-only (HOT): no index entry, the old version
-- pruned in place, so the table does not grow while nothing changes.
ALTER TABLE "checks" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "price_points" SET (fillfactor = 80);
