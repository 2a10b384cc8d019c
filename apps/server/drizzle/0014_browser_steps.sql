CREATE TABLE "monitor_browser_state" (
	"monitor_id" uuid PRIMARY KEY NOT NULL,
	"cookies" text,
	"failure_screenshot" "bytea",
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "browser_steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "monitor_browser_state" ADD CONSTRAINT "monitor_browser_state_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;