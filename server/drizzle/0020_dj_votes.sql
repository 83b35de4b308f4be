CREATE TABLE "dj_votes" (
	"id" text PRIMARY KEY NOT NULL,
	"voter_id" text NOT NULL,
	"dj_id" text NOT NULL,
	"month" text NOT NULL,
	"slot" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dj_votes_voter_month_slot_key" UNIQUE("voter_id","month","slot"),
	CONSTRAINT "dj_votes_slot_check" CHECK ("dj_votes"."slot" >= 1),
	CONSTRAINT "dj_votes_not_self_check" CHECK ("dj_votes"."voter_id" <> "dj_votes"."dj_id")
);
--> statement-breakpoint
ALTER TABLE "dj_votes" ADD CONSTRAINT "dj_votes_voter_id_users_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dj_votes" ADD CONSTRAINT "dj_votes_dj_id_users_id_fk" FOREIGN KEY ("dj_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dj_votes_month_dj_idx" ON "dj_votes" USING btree ("month","dj_id");