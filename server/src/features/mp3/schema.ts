import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
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
