import { z } from "zod";
import type { ChatServerEvent } from "./chat-events.ts";

/**
 * The MP3 library (chat spec 3, 5, 8, 9; admin spec Tab 8, 9; decisions "Media"): members upload
 * MP3s, browse, play, share and download them; Admins and Moderators delete them.
 */

const MB = 1024 * 1024;

export const MP3_LIMITS = {
  /** Chat spec 9: max 50MB (checked while the upload streams). */
  maxBytes: 50 * MB,
  /** Admin spec 9: track name max 120. */
  trackNameMax: 120,
  /** Chat spec 9: the library's page size. */
  pageSize: 20,
  /** Admin spec 9: the admin library's page size. */
  adminPageSize: 10,
  /** Largest page a client may ask for. */
  pageSizeMax: 100,
  searchMax: 100,
  /** Chat spec 9 / admin spec 9: batch uploads run 5 at a time. */
  batchConcurrency: 5,
  /** Chat spec 9: at most 5 downloads at once (when not sequential). */
  concurrentDownloadsMax: 5,
  /** Chat spec 9: the player's volume. */
  playerVolume: 0.7,
  /** Peak values of a track's waveform (computed once, on upload). */
  waveformPoints: 300,
  /** The original file name kept for the download's name. */
  originalFilenameMax: 255,
  /** Local storage key of the tracks this browser downloaded (chat spec 3). */
  downloadedTracksStorageKey: "mp3DownloadedTracks",
} as const;

/**
 * An MP3 by its content, from what `music-metadata` read of it (decisions "Media"): an MPEG stream
 * of Layer 3 frames. The server decides with it; the browser checks a picked file with it first.
 */
export const isMp3Format = (format: { container?: string; codec?: string }): boolean =>
  format.container === "MPEG" && typeof format.codec === "string" && /Layer 3$/.test(format.codec);

/** The file picker's types; the server decides by content (a decodable MPEG audio stream). */
export const MP3_ACCEPT = "audio/mpeg,audio/mp3,.mp3";

export const MP3_SORT_FIELDS = ["uploadedAt", "trackName", "downloadCount"] as const;
export type Mp3SortField = (typeof MP3_SORT_FIELDS)[number];
export const MP3_SORT_ORDERS = ["asc", "desc"] as const;

export const MP3_MESSAGES = {
  // Chat spec 5, "Audio upload" (the client's checks and the server's 413).
  selectAudioFile: "Please select an audio file.",
  clientTooLarge: "Audio file must be 50MB or smaller.",
  trackNameRequired: "Please enter a track name.",
  noFileSelected: "No file selected.",
  tooLarge: "File too big for upload. Maximum allowed size is 50MB.",
  // Chat spec 8, "MP3".
  fetchTracksFailed: "Failed to fetch tracks",
  loadTracksFailed: "Failed to load tracks.",
  fetchUserTracksFailed: "Failed to fetch user tracks",
  downloadCountFailed: "Failed to update download count",
  deleteFailedTitle: "Delete Failed",
  deleteFailed: "Delete failed",
  deleteFailedText: "Failed to delete track.",
  uploadFailed: "Upload failed",
  playbackErrorTitle: "Audio Playback Error",
  playbackAborted: "Playback was aborted.",
  playbackNetwork: "A network error stopped the track from loading.",
  playbackDecode: "The track could not be decoded.",
  playbackUnsupported: "This track's format is not supported by your browser.",
  downloadBlocked:
    "Your browser blocked a download. Switch to Sequential mode to download one track at a time.",
  // Chat spec 5, "Batch download".
  noSelectionTitle: "No Selection",
  noSelection: "Please select tracks to download.",
  // Chat spec 6.
  deleteLabel: "Delete (Admin Only)",
  // Admin spec 8.
  adminLoadFailed: "Failed to load tracks",
  adminDeleteFailed: "Failed to delete track",
  trackDeleted: "Track deleted",
  trackDeletedEverywhere: "Track deleted from storage and database",
  trackDeletedDatabaseOnly: "Track deleted from database only",
  batchCompleteTitle: "Batch complete",
  /** A batch's picked files left out before upload, each with why (issue 29). */
  batchSkippedTitle: (n: number) => `${n} file${n === 1 ? "" : "s"} not added`,
  batchComplete: (uploaded: number, failed: number) => `${uploaded} uploaded, ${failed} failed`,
  // The dialog (chat spec 3).
  uploadTab: "Upload",
  libraryTab: "Library",
  downloadsTab: "Downloads",
  // The server's own refusals (no spec text).
  notMp3: "This file is not an MP3. Please upload an MPEG audio (MP3) file.",
  trackNameTooLong: `Track names are at most ${MP3_LIMITS.trackNameMax} characters.`,
  trackNotFound: "Track not found.",
  uploaderNotFound: "No member has that username.",
  uploaderOverrideAdminOnly: "Only an Admin can upload a track for another member.",
  deleteForbidden: "Only an Admin or a Moderator can delete tracks.",
  invalidPage: "Please choose a valid page.",
  invalidLimit: `A page holds 1 to ${MP3_LIMITS.pageSizeMax} tracks.`,
  invalidSort: "Tracks can be sorted by upload date, name or downloads.",
  invalidOrder: "The order must be asc or desc.",
  searchTooLong: `Search terms are at most ${MP3_LIMITS.searchMax} characters.`,
  shareTrackMissing: "That track is no longer in the library.",
  /** A shared track's card, or a player, once the track's file has left the library (issue 29). */
  trackGone: "This track is no longer in the library.",
  shareBannerSubtitle: (uploader: string) => `Uploaded by ${uploader}`,
  // The Auto DJ's rotation (issue 18, "On air"; no spec text).
  inRotationLabel: "In rotation",
  /** The switch's label while the track is out of the rotation (the label says the state). */
  offAirLabel: "Off air",
  rotationAdminOnly: "Only an Admin can change the station's rotation.",
  rotationInvalid: "Say whether the track is in rotation (true or false).",
  addedToRotation: "Track added to the Auto DJ's rotation",
  removedFromRotation: "Track taken out of the Auto DJ's rotation",
  rotationFailed: "Failed to change the rotation",
} as const;

/** Multipart field names of the upload (chat spec 7: file, trackName plus extra fields). */
export const MP3_UPLOAD_FIELDS = {
  file: "file",
  trackName: "trackName",
  /** Admins only: the username the track is credited to (admin spec 7, uploader override). */
  uploader: "uploader",
} as const;

/** A track's name: trimmed, required, at most 120 characters. */
export const mp3TrackNameSchema = z
  .string({ error: MP3_MESSAGES.trackNameRequired })
  .trim()
  .min(1, MP3_MESSAGES.trackNameRequired)
  .max(MP3_LIMITS.trackNameMax, MP3_MESSAGES.trackNameTooLong);

/** Chat spec 3, MP3 track; plus what the player draws and the profile links. */
export const mp3TrackSchema = z.object({
  _id: z.string(),
  trackName: z.string(),
  /** The uploader's username. */
  username: z.string(),
  userId: z.string(),
  userProfilePic: z.string(),
  uploadedAt: z.string(),
  downloadCount: z.number().int(),
  /** Bytes. */
  fileSize: z.number().int(),
  /** The track's download address: the file with byte ranges, as an attachment. */
  feaboxUrl: z.string(),
  originalFilename: z.string(),
  /** Seconds. */
  duration: z.number(),
  /** Bits per second. */
  bitrate: z.number().int(),
  /** Peak values 0..1 (empty when the server could not compute them). */
  waveform: z.array(z.number()),
  /** The bundled station's Auto DJ plays it (an Admin puts it in and takes it out). */
  inRotation: z.boolean(),
});
export type Mp3Track = z.infer<typeof mp3TrackSchema>;

/** GET /api/auth/mp3/list and /api/auth/mp3/user/{id}: page counts from 1. */
export const mp3ListQuerySchema = z.object({
  page: z.coerce
    .number({ error: MP3_MESSAGES.invalidPage })
    .int(MP3_MESSAGES.invalidPage)
    .min(1, MP3_MESSAGES.invalidPage)
    .max(1_000_000, MP3_MESSAGES.invalidPage)
    .default(1),
  limit: z.coerce
    .number({ error: MP3_MESSAGES.invalidLimit })
    .int(MP3_MESSAGES.invalidLimit)
    .min(1, MP3_MESSAGES.invalidLimit)
    .max(MP3_LIMITS.pageSizeMax, MP3_MESSAGES.invalidLimit)
    .default(MP3_LIMITS.pageSize),
  search: z
    .string()
    .trim()
    .max(MP3_LIMITS.searchMax, MP3_MESSAGES.searchTooLong)
    .optional()
    .default(""),
  sort: z.enum(MP3_SORT_FIELDS, { error: MP3_MESSAGES.invalidSort }).default("uploadedAt"),
  order: z.enum(MP3_SORT_ORDERS, { error: MP3_MESSAGES.invalidOrder }).default("desc"),
});
export type Mp3ListQuery = z.input<typeof mp3ListQuerySchema>;

export const mp3PaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

export const mp3ListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(mp3TrackSchema),
  pagination: mp3PaginationSchema,
});
export type Mp3ListAnswer = z.infer<typeof mp3ListAnswerSchema>;

export const mp3IdParamsSchema = z.object({
  id: z.string().trim().min(1, MP3_MESSAGES.trackNotFound).max(100, MP3_MESSAGES.trackNotFound),
});

export const mp3UploadAnswerSchema = z.object({ success: z.literal(true), track: mp3TrackSchema });
export type Mp3UploadAnswer = z.infer<typeof mp3UploadAnswerSchema>;

export const mp3IncrementAnswerSchema = z.object({
  success: z.literal(true),
  downloadCount: z.number().int(),
});

/** PUT /api/auth/mp3/{id}/rotation (Admin only): in or out of the Auto DJ's rotation. */
export const mp3RotationBodySchema = z.object({
  inRotation: z.boolean({ error: MP3_MESSAGES.rotationInvalid }),
});
export type Mp3RotationBody = z.infer<typeof mp3RotationBodySchema>;

export const mp3RotationAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  track: mp3TrackSchema,
});
export type Mp3RotationAnswer = z.infer<typeof mp3RotationAnswerSchema>;

/** DELETE: `remoteDeleted` says whether the file left storage too (admin spec 7). */
export const mp3DeleteAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  remoteDeleted: z.boolean(),
});
export type Mp3DeleteAnswer = z.infer<typeof mp3DeleteAnswerSchema>;

/**
 * What a shared track's chat message carries (chat spec 3, trackData), filled in by the server from
 * the library: a member sends only the track's id (`trackId` of the chat message).
 */
export const mp3TrackDataSchema = z.object({
  trackId: z.string(),
  trackName: z.string(),
  /** The uploader's username. */
  username: z.string(),
  userProfilePic: z.string(),
  /** The track's `feaboxUrl`. */
  downloadUrl: z.string(),
  fileSize: z.number().int(),
  bannerTitle: z.string(),
  bannerSubtitle: z.string(),
  /** The username of the member who shared it. */
  sharedBy: z.string(),
  /**
   * The track has left the library since it was shared (set by the server when it sends the message
   * again, in a newcomer's history): the card offers neither play nor download.
   */
  removed: z.boolean().optional(),
});
export type Mp3TrackData = z.infer<typeof mp3TrackDataSchema>;

/**
 * The MP3 library's event in the chat room (issue 29): a track was deleted, so open chats turn its
 * shared cards into "This track is no longer in the library." at once.
 */
export const MP3_SERVER_EVENTS = { trackRemoved: "mp3-track-removed" } as const satisfies Record<
  string,
  ChatServerEvent
>;

export interface Mp3TrackRemovedEvent {
  trackId: string;
}

declare module "./chat-events.ts" {
  interface ChatServerEventPayloads {
    "mp3-track-removed": Mp3TrackRemovedEvent;
  }
}
