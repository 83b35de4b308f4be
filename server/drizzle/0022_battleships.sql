CREATE TABLE "battleships_games" (
	"id" text PRIMARY KEY NOT NULL,
	"initiator_id" text NOT NULL,
	"opponent_id" text,
	"wager" integer NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"turn_id" text,
	"shots" integer DEFAULT 0 NOT NULL,
	"initiator_fleet" jsonb,
	"opponent_fleet" jsonb,
	"initiator_away_since" timestamp with time zone,
	"opponent_away_since" timestamp with time zone,
	"winner_id" text,
	"end_reason" text,
	"ended_at" timestamp with time zone,
	CONSTRAINT "battleships_games_state_check" CHECK ("battleships_games"."state" in ('open', 'active', 'finished', 'expired')),
	CONSTRAINT "battleships_games_wager_check" CHECK ("battleships_games"."wager" > 0),
	CONSTRAINT "battleships_games_not_self_check" CHECK ("battleships_games"."initiator_id" <> "battleships_games"."opponent_id")
);
--> statement-breakpoint
CREATE TABLE "battleships_shots" (
	"game_id" text NOT NULL,
	"shooter_id" text NOT NULL,
	"row" integer NOT NULL,
	"col" integer NOT NULL,
	"seq" integer NOT NULL,
	"hit" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "battleships_shots_game_id_shooter_id_row_col_pk" PRIMARY KEY("game_id","shooter_id","row","col"),
	CONSTRAINT "battleships_shots_cell_check" CHECK ("battleships_shots"."row" between 0 and 7 and "battleships_shots"."col" between 0 and 7)
);
--> statement-breakpoint
ALTER TABLE "battleships_games" ADD CONSTRAINT "battleships_games_initiator_id_users_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battleships_games" ADD CONSTRAINT "battleships_games_opponent_id_users_id_fk" FOREIGN KEY ("opponent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battleships_games" ADD CONSTRAINT "battleships_games_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battleships_shots" ADD CONSTRAINT "battleships_shots_game_id_battleships_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."battleships_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battleships_shots" ADD CONSTRAINT "battleships_shots_shooter_id_users_id_fk" FOREIGN KEY ("shooter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "battleships_games_created_idx" ON "battleships_games" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "battleships_games_open_due_idx" ON "battleships_games" USING btree ("expires_at") WHERE "battleships_games"."state" = 'open';--> statement-breakpoint
CREATE INDEX "battleships_games_initiator_active_idx" ON "battleships_games" USING btree ("initiator_id") WHERE "battleships_games"."state" in ('open', 'active');--> statement-breakpoint
CREATE INDEX "battleships_games_opponent_active_idx" ON "battleships_games" USING btree ("opponent_id") WHERE "battleships_games"."state" in ('open', 'active');--> statement-breakpoint
CREATE INDEX "battleships_shots_game_seq_idx" ON "battleships_shots" USING btree ("game_id","seq");