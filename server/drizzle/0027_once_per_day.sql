CREATE TABLE "mp3_track_downloads" (
	"track_id" text NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "mp3_track_downloads_user_id_track_id_day_pk" PRIMARY KEY("user_id","track_id","day")
);
--> statement-breakpoint
CREATE TABLE "notification_once" (
	"from_id" text NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"target" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "notification_once_from_id_user_id_type_target_day_pk" PRIMARY KEY("from_id","user_id","type","target","day")
);
--> statement-breakpoint
ALTER TABLE "mp3_track_downloads" ADD CONSTRAINT "mp3_track_downloads_track_id_mp3_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."mp3_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mp3_track_downloads" ADD CONSTRAINT "mp3_track_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_once" ADD CONSTRAINT "notification_once_from_id_users_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_once" ADD CONSTRAINT "notification_once_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;