import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/**
 * The MP3 library (chat spec 3, MP3 track): one row per track; the file lives in storage under
 * `storageKey`. A member's tracks go with their account (files too: `delete-account.ts`).
 */
export const mp3Tracks = pgTable(
  "mp3_tracks",
  {
    id: text("id").primaryKey(),
    trackName: text("track_name").notNull(),
    uploaderId: text("uploader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull().unique(),
    originalFilename: text("original_filename").notNull(),
    fileSize: integer("file_size").notNull(),
    /** Seconds, as music-metadata reads them. */
    duration: real("duration").notNull(),
    /** Bits per second. */
    bitrate: integer("bitrate").notNull(),
    /** Peak values 0..1 for the player (empty when ffmpeg was not available). */
    waveform: jsonb("waveform").$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    downloadCount: integer("download_count").notNull().default(0),
    /** The bundled station's Auto DJ plays it (rotation.ts writes the station's copy and playlist). */
    inRotation: boolean("in_rotation").notNull().default(false),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mp3_tracks_uploaded_idx").on(t.uploadedAt),
    index("mp3_tracks_uploader_idx").on(t.uploaderId, t.uploadedAt),
  ],
);

export type Mp3TrackRow = typeof mp3Tracks.$inferSelect;

/**
 * Who counted a download of which track on which station day: `downloadCount` goes up once per
 * member per track per day (the key refuses the rest). A member's rows of earlier days are dropped
 * at their next download; their rows go with their account or the track.
 */
export const mp3TrackDownloads = pgTable(
  "mp3_track_downloads",
  {
    trackId: text("track_id")
      .notNull()
      .references(() => mp3Tracks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The station's calendar date (STATION_TIMEZONE). */
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.trackId, t.day] })],
);
