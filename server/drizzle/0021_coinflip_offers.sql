CREATE TABLE "coinflip_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"initiator_id" text NOT NULL,
	"opponent_id" text,
	"pick" text NOT NULL,
	"wager" integer NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"start_at" timestamp with time zone,
	"face" text,
	"winner_id" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "coinflip_offers_state_check" CHECK ("coinflip_offers"."state" in ('open', 'accepted', 'expired', 'settled')),
	CONSTRAINT "coinflip_offers_pick_check" CHECK ("coinflip_offers"."pick" in ('heads', 'tails')),
	CONSTRAINT "coinflip_offers_wager_check" CHECK ("coinflip_offers"."wager" > 0),
	CONSTRAINT "coinflip_offers_not_self_check" CHECK ("coinflip_offers"."initiator_id" <> "coinflip_offers"."opponent_id")
);
--> statement-breakpoint
ALTER TABLE "coinflip_offers" ADD CONSTRAINT "coinflip_offers_initiator_id_users_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coinflip_offers" ADD CONSTRAINT "coinflip_offers_opponent_id_users_id_fk" FOREIGN KEY ("opponent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coinflip_offers" ADD CONSTRAINT "coinflip_offers_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coinflip_offers_created_idx" ON "coinflip_offers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "coinflip_offers_open_due_idx" ON "coinflip_offers" USING btree ("expires_at") WHERE "coinflip_offers"."state" = 'open';--> statement-breakpoint
CREATE INDEX "coinflip_offers_accepted_due_idx" ON "coinflip_offers" USING btree ("start_at") WHERE "coinflip_offers"."state" = 'accepted';--> statement-breakpoint
CREATE INDEX "coinflip_offers_initiator_active_idx" ON "coinflip_offers" USING btree ("initiator_id") WHERE "coinflip_offers"."state" in ('open', 'accepted');--> statement-breakpoint
CREATE INDEX "coinflip_offers_opponent_active_idx" ON "coinflip_offers" USING btree ("opponent_id") WHERE "coinflip_offers"."state" in ('open', 'accepted');