CREATE TABLE "changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"monitor_id" uuid NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"kinds" jsonb NOT NULL,
	"summary" text NOT NULL,
	"significance" smallint NOT NULL,
	"diff" jsonb NOT NULL,
	"before_snapshot_id" uuid,
	"after_snapshot_id" uuid,
	"diff_image_blob_id" text,
	"diff_percent" real,
	"price_before" double precision,
	"price_after" double precision,
	"currency" text,
	"alerted" boolean DEFAULT true NOT NULL,
	"rating" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"monitor_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status" text NOT NULL,
	"http_status" smallint,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "price_points" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"monitor_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"amount" double precision NOT NULL,
	"currency" text
);
--> statement-breakpoint
CREATE TABLE "snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"monitor_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"content_blob_id" text NOT NULL,
	"screenshot_blob_id" text,
	"fingerprint" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"name" text NOT NULL,
	"frequency" text NOT NULL,
	"watch" jsonb NOT NULL,
	"selector" text,
	"ignore_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"render_js" boolean DEFAULT false NOT NULL,
	"sensitivity" smallint DEFAULT 50 NOT NULL,
	"channel_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"paused_by_plan" boolean DEFAULT false NOT NULL,
	"ai_criteria" text,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"manual_check_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_change_at" timestamp with time zone,
	"last_error" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"failing_alerted" boolean DEFAULT false NOT NULL,
	"etag" text,
	"last_modified" text,
	"latest_snapshot_id" uuid,
	"latest" jsonb,
	"learned_noise" jsonb,
	"recent_fingerprints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_before_snapshot_id_snapshots_id_fk" FOREIGN KEY ("before_snapshot_id") REFERENCES "public"."snapshots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_after_snapshot_id_snapshots_id_fk" FOREIGN KEY ("after_snapshot_id") REFERENCES "public"."snapshots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_diff_image_blob_id_blobs_id_fk" FOREIGN KEY ("diff_image_blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checks" ADD CONSTRAINT "checks_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_points" ADD CONSTRAINT "price_points_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_content_blob_id_blobs_id_fk" FOREIGN KEY ("content_blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_screenshot_blob_id_blobs_id_fk" FOREIGN KEY ("screenshot_blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "changes_monitor_detected_idx" ON "changes" USING btree ("monitor_id","detected_at");--> statement-breakpoint
CREATE INDEX "checks_monitor_started_idx" ON "checks" USING btree ("monitor_id","started_at");--> statement-breakpoint
CREATE INDEX "price_points_monitor_at_idx" ON "price_points" USING btree ("monitor_id","at");--> statement-breakpoint
CREATE INDEX "snapshots_monitor_taken_idx" ON "snapshots" USING btree ("monitor_id","taken_at");--> statement-breakpoint
CREATE INDEX "monitors_user_idx" ON "monitors" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "monitors_due_idx" ON "monitors" USING btree ("next_check_at") WHERE "monitors"."paused" = false;