ALTER TABLE "monitors" ADD COLUMN "watch_pages" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_parent_id_monitors_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitors_parent_idx" ON "monitors" USING btree ("parent_id") WHERE "monitors"."parent_id" is not null;