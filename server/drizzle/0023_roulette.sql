CREATE TABLE "roulette_bets" (
	"id" text PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "roulette_bets_amount_check" CHECK ("roulette_bets"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "roulette_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"seed_hash" text NOT NULL,
	"seed" text NOT NULL,
	"number" smallint,
	"created_at" timestamp with time zone NOT NULL,
	"betting_ends_at" timestamp with time zone,
	"result_at" timestamp with time zone,
	"reset_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"house_net" integer,
	CONSTRAINT "roulette_rounds_status_check" CHECK ("roulette_rounds"."status" in ('waiting', 'betting', 'spinning', 'finished', 'closed', 'refunded')),
	CONSTRAINT "roulette_rounds_number_check" CHECK ("roulette_rounds"."number" between 0 and 36)
);
--> statement-breakpoint
ALTER TABLE "roulette_bets" ADD CONSTRAINT "roulette_bets_round_id_roulette_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."roulette_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roulette_bets" ADD CONSTRAINT "roulette_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roulette_bets_position_idx" ON "roulette_bets" USING btree ("round_id","user_id","type","value");--> statement-breakpoint
CREATE INDEX "roulette_bets_user_idx" ON "roulette_bets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roulette_rounds_one_current_idx" ON "roulette_rounds" USING btree ((true)) WHERE "roulette_rounds"."status" in ('waiting', 'betting', 'spinning', 'finished');--> statement-breakpoint
CREATE INDEX "roulette_rounds_finished_idx" ON "roulette_rounds" USING btree ("finished_at") WHERE "roulette_rounds"."status" in ('finished', 'closed');