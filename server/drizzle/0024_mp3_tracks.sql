CREATE TABLE "mp3_tracks" (
	"id" text PRIMARY KEY NOT NULL,
	"track_name" text NOT NULL,
	"uploader_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_filename" text NOT NULL,
	"file_size" integer NOT NULL,
	"duration" real NOT NULL,
	"bitrate" integer NOT NULL,
	"waveform" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mp3_tracks_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "mp3_tracks" ADD CONSTRAINT "mp3_tracks_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mp3_tracks_uploaded_idx" ON "mp3_tracks" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "mp3_tracks_uploader_idx" ON "mp3_tracks" USING btree ("uploader_id","uploaded_at");