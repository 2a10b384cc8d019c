-- Grants from before reset tokens cannot be presented any more (they lived 10 minutes at most).
DELETE FROM "password_reset_grants";--> statement-breakpoint
ALTER TABLE "password_reset_grants" ADD COLUMN "token_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_grants" ADD CONSTRAINT "password_reset_grants_token_hash_unique" UNIQUE("token_hash");