CREATE TABLE "demo_pages" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"monitor_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_pages_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "demo_pages" ADD CONSTRAINT "demo_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_pages" ADD CONSTRAINT "demo_pages_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE set null ON UPDATE no action;