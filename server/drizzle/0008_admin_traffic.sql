CREATE TABLE "traffic_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"path" text NOT NULL,
	"method" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "traffic_log_at_idx" ON "traffic_log" USING btree ("at");