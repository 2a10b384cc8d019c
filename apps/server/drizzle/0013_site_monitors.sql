ALTER TABLE "monitors" ADD COLUMN "mode" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "max_pages" integer;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "crawl_depth" smallint;