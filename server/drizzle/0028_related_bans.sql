-- Related bans (issue 29): which ban a related account's ban came with, and the time of the last sign-in
-- shown beside each related account in the ban confirmation.
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_with" text;--> statement-breakpoint
CREATE INDEX "users_banned_with_idx" ON "users" USING btree ("banned_with") WHERE "users"."banned_with" is not null;