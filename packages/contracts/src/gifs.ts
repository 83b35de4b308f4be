import { z } from "zod";
import { isApiAddress } from "./http.ts";
import { PRIVATE_MESSAGE_LIMITS } from "./private-messages.ts";

/**
 * GIFs: search through the app's server (decisions, "Media": the browser never sees the GIF service's
 * key), the station's own GIF library, and the composer's emoji picker (community spec 4, 5, 8, 9).
 */
export const GIF_API = {
  search: "/api/gifs/search",
  trending: "/api/gifs/trending",
  /** The station's own library (community spec 7: GET /getGifs). */
  library: "/api/auth/getGifs",
} as const;

export const GIF_LIMITS = {
  /** The station library's page size (chat spec 9: BV GIF page size). */
  libraryPageSize: 20,
  /** GIPHY page size and rating (community spec 7 and 9). */
  limit: 48,
  rating: "pg",
  queryMax: 100,
  /** Server-side answer cache: how long an answer is reused, and how many answers are kept. */
  cacheTtlMs: 5 * 60_000,
  cacheEntries: 200,
  /** How long the server waits for the GIF service. */
  upstreamTimeoutMs: 8_000,
} as const;

export const GIF_MESSAGES = {
  /** 503 without GIPHY_API_KEY; the dialog shows it as its state (decisions, "Media"). */
  notConfigured: "GIF search is not configured",
  /** 502 when the GIF service fails or times out. */
  upstreamFailed: "The GIF service is not available right now. Please try again later.",
  queryRequired: "Please enter a search term.",
  queryTooLong: `Search terms are at most ${GIF_LIMITS.queryMax} characters.`,
  failedToLoad: "Failed to load GIFs",
  failedTrending: "Failed to load trending",
  noResults: "No results.",
  poweredBy: "Powered by GIPHY",
  noLibraryGifs: "No GIFs in the station library yet.",
  /** Chat spec 8: a library search that matches nothing. */
  noLibraryMatches: "No GIFs found. Try another search or refresh.",
  librarySearchLabel: "Search station GIFs",
  libraryPage: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previousPage: "Previous page",
  nextPage: "Next page",
  dialogTitle: "Choose a GIF",
  searchLabel: "Search GIFs",
  searchButton: "Search",
  backToTrending: "Trending",
  openDialog: "Send a GIF",
  trendingTab: "GIPHY",
  libraryTab: "Station GIFs",
  close: "Close",
} as const;

/** GET /api/gifs/search?q= : a trimmed, non-empty query. */
export const gifSearchQuerySchema = z.object({
  q: z
    .string({ error: GIF_MESSAGES.queryRequired })
    .trim()
    .min(1, GIF_MESSAGES.queryRequired)
    .max(GIF_LIMITS.queryMax, GIF_MESSAGES.queryTooLong),
});

/** A GIF item of the GIF provider, trimmed to what the clients read (community spec 3). */
export const gifItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  images: z.object({
    original: z.object({ url: z.string() }),
    fixed_height: z.object({ url: z.string() }),
    fixed_height_small: z.object({ url: z.string() }),
  }),
});
export type GifItem = z.infer<typeof gifItemSchema>;

/** GET /api/gifs/search and /api/gifs/trending */
export const gifListAnswerSchema = z.object({ data: z.array(gifItemSchema) });
export type GifListAnswer = z.infer<typeof gifListAnswerSchema>;

/** An internal GIF of the station's library (community spec 3: gifid, file, name; admin: _id, name, gif url). */
export const libraryGifSchema = z.object({
  gifid: z.string(),
  _id: z.string(),
  name: z.string(),
  /** Public URL of the GIF file. */
  file: z.string(),
  /** The same URL under the admin and chat documents' name. */
  gif: z.string(),
});
export type LibraryGif = z.infer<typeof libraryGifSchema>;

/** GET /api/auth/getGifs */
export const libraryGifsAnswerSchema = z.object({ gifs: z.array(libraryGifSchema) });
export type LibraryGifsAnswer = z.infer<typeof libraryGifsAnswerSchema>;

/**
 * A message body that is only a GIF link (community spec 5): an http(s) URL, or a path on this site,
 * ending .gif with an optional query string.
 */
export const GIF_LINK_PATTERN =
  /^(?:https?:\/\/[^\s/?#\\]+\/|\/(?![/\\]))[^\s?#\\]*\.gif(?:\?[^\s#]*)?$/i;

/**
 * A path starting `/\` is another host to the browser (`//host`), and a GIF "in" the API would
 * call it with the viewer's session: neither is a GIF link.
 */
export const isGifLink = (text: string): boolean =>
  GIF_LINK_PATTERN.test(text.trim()) && !isApiAddress(text);

/** The composer's emoji picker (community spec 4 and 9). */
export const EMOJI_LIMITS = {
  recentMax: PRIVATE_MESSAGE_LIMITS.recentEmojis,
  /** Local storage key of the recently used emojis (community spec 3). */
  recentStorageKey: "recentEmojis",
} as const;

export const EMOJI_TABS = ["faces", "hands", "symbols", "recent"] as const;
export type EmojiTab = (typeof EMOJI_TABS)[number];

export const EMOJI_MESSAGES = {
  pickerLabel: "Emoji picker",
  openPicker: "Insert emoji",
  searchLabel: "Search emojis",
  tabLabels: { faces: "Faces", hands: "Hands", symbols: "Symbols", recent: "Recent" },
  noRecent: "No recent emojis yet.",
  noMatch: "No emojis found.",
} as const satisfies Record<string, unknown>;

/** The admin's GIF library management (admin spec Tab 3, 5 and 9). */
export const GIF_ADMIN_API = {
  upload: "/api/auth/uploadGif",
  delete: "/api/auth/deleteGif",
} as const;

export const GIF_ADMIN_LIMITS = {
  /** Admin spec 9: GIF max size 10 MB. */
  maxBytes: 10 * 1024 * 1024,
  /** Admin spec 9: GIF table 10 per page. */
  pageSize: 10,
  nameMax: 100,
} as const;

export const GIF_ADMIN_MESSAGES = {
  nameRequired: "Name is required",
  fileRequired: "GIF is required",
  notGif: "Only GIF files are allowed",
  tooLarge: "GIF must be 10 MB or less",
  nameTooLong: `Name must be ${GIF_ADMIN_LIMITS.nameMax} characters or less`,
  uploaded: "GIF uploaded",
  deleted: "GIF deleted",
  notFound: "GIF not found",
  uploadFailed: "Upload failed",
  deleteFailed: "Failed to delete GIF",
} as const;

/** The name beside the uploaded file. */
export const gifUploadNameSchema = z
  .string({ error: GIF_ADMIN_MESSAGES.nameRequired })
  .trim()
  .min(1, GIF_ADMIN_MESSAGES.nameRequired)
  .max(GIF_ADMIN_LIMITS.nameMax, GIF_ADMIN_MESSAGES.nameTooLong);

/** POST /api/auth/deleteGif */
export const gifDeleteSchema = z.object({
  gifId: z
    .string({ error: GIF_ADMIN_MESSAGES.notFound })
    .min(1, GIF_ADMIN_MESSAGES.notFound)
    .max(100),
});

/** POST /api/auth/uploadGif answers 200 with this. */
export const gifUploadAnswerSchema = z.object({ message: z.string(), gif: libraryGifSchema });
export type GifUploadAnswer = z.infer<typeof gifUploadAnswerSchema>;

/** POST /api/auth/deleteGif */
export const gifDeleteAnswerSchema = z.object({ message: z.string(), gifId: z.string() });
