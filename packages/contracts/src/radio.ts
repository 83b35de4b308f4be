import { z } from "zod";

/**
 * The radio: now-playing in AzuraCast's shape (decisions "Radio"), the station's live log-in
 * (AzuraCast's internal API convention), and the bottom player's texts and limits (community spec
 * 2, 3, 4, 9).
 */

export const RADIO_PATHS = {
  /** Public: the cached now-playing answer (the browser polls it every 30 s). */
  nowPlaying: "/api/radio/nowplaying",
  /**
   * Public: answers a redirect (307) to the public stream URL (now-playing's listen_url), for old
   * players and bookmarks; listeners are served by the listener relay, never through the app.
   */
  stream: "/api/radio/stream",
  /** Public: playlists for other players (VLC, car radios, smart speakers) naming the stream. */
  playlistM3u: "/listen.m3u",
  playlistPls: "/listen.pls",
  /** Admin only: the radio tab of the admin dashboard (admin spec Tab 4). */
  station: "/api/radio/station",
  /** Liquidsoap's harbor asks these, with the shared key header (AzuraCast's convention). */
  internalAuth: "/api/internal/radio/auth",
  internalDjOn: "/api/internal/radio/djon",
  internalDjOff: "/api/internal/radio/djoff",
  /** While a DJ is live, every few seconds: may they stay on air (not banned, still a DJ)? */
  internalLiveCheck: "/api/internal/radio/live",
  /** A new title went on air: the app refreshes now-playing at once (the poll stays as fallback). */
  internalTrack: "/api/internal/radio/track",
} as const;

/** The header carrying the key shared by Liquidsoap and the app (the same name AzuraCast uses). */
export const LIQUIDSOAP_API_KEY_HEADER = "x-liquidsoap-api-key";

/** Pushed to every connected browser when now-playing changes (the 30 s poll stays as a fallback). */
export const RADIO_EVENTS = { nowPlaying: "radio:nowplaying" } as const;

export const RADIO_LIMITS = {
  /** How often the server asks the station (issue 6). */
  serverPollMs: 15_000,
  /** How often the browser asks the app (community spec 9: radio info 30 s). */
  clientPollMs: 30_000,
  /** How long the server waits for the station's answer. */
  stationTimeoutMs: 4_000,
  /** With STATION_ENFORCE_SCHEDULE a DJ may log in this long before their slot and stay after it. */
  scheduleGraceMs: 10 * 60_000,
  /** Longest user or password the live log-in looks at. */
  loginFieldMax: 200,
  // The player (community spec 4 and 9).
  volumeDefault: 50,
  volumeMin: 0,
  volumeMax: 100,
  playRetries: 4,
  playRetryDelayMs: 350,
  /**
   * Autoplay starts muted, then unmutes this long after the first sound plays: at once (issue 27,
   * the player sounds within 1 s of the page load), the browser's refusal is caught either way.
   */
  autoplayUnmuteDelayMs: 0,
  /** First autoplay retry delay; it grows by `autoplayRetryGrowth` up to `autoplayRetryMaxMs`. */
  autoplayRetryDelayMs: 1_000,
  autoplayRetryGrowth: 1.5,
  autoplayRetryMaxMs: 5_000,
  /** Autoplay attempts without any user interaction yet, and once the user has interacted. */
  autoplayAttemptsWithoutGesture: 3,
  autoplayAttemptsWithGesture: 5,
  /** Collapse at this width or narrower (community spec 2; LAYOUT.playerCollapseMaxWidth). */
  collapseMaxWidth: 680,
  /** A vertical swipe this long collapses or expands the player. */
  swipeThresholdPx: 48,
  /** Volume and mute are kept this long in cookies (one year). */
  preferenceMaxAgeS: 365 * 24 * 60 * 60,
} as const;

/** Local storage and cookie names of the player's preferences (community spec 3). */
export const PLAYER_STORAGE = {
  volume: "playerVolume",
  muted: "playerMuted",
  /** Local storage only: the last stream URL now-playing named, so a page load starts at once. */
  listenUrl: "radioListenUrl",
} as const;

export const PLAYER_STATUSES = [
  "idle",
  "connecting",
  "playing",
  "paused",
  "retrying",
  "error",
] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

export const RADIO_TEXTS = {
  playerLabel: "Radio player",
  /** The current DJ's place when nobody is live (community spec 1). */
  autoDj: "Auto DJ",
  /** Station name when the station does not answer. */
  defaultStationName: "Airwave Radio",
  offline: "Station offline",
  liveBadge: "LIVE",
  /** The song shown while a DJ streams without sending titles. */
  liveTitle: "Live Broadcast",
  /** Read before the title by screen readers (visually hidden). */
  nowPlaying: "Now playing:",
  /** Between the title and the artist. */
  byArtist: "by",
  play: "Play",
  pause: "Pause",
  reload: "Reload stream",
  mute: "Mute",
  unmute: "Unmute",
  volume: "Volume",
  collapse: "Collapse player",
  expand: "Expand player",
  listeners: (n: number) => `${n} ${n === 1 ? "listener" : "listeners"}`,
  bitrate: (kbps: number) => `${kbps} kbps`,
  status: {
    idle: "Ready",
    connecting: "Connecting…",
    playing: "Playing",
    paused: "Paused",
    retrying: "Reconnecting…",
    error: "Stream unavailable",
  } satisfies Record<PlayerStatus, string>,
  stationDown: "The station is not answering right now.",
  /** The chat room's track-id message (decisions "Radio"). */
  trackId: (song: string) => `Now playing: ${song}`,
} as const;

export const RADIO_MESSAGES = {
  invalidKey: "Invalid station key",
  noStation: "No radio station is configured.",
} as const;

// --- Live log-in (Liquidsoap → app). Bodies are what AzuraCast's Liquidsoap scripts send.

const loginField = z.string().max(RADIO_LIMITS.loginFieldMax).catch("").default("");

/** POST /api/internal/radio/auth: `{ user, password }` (either may be a combined form). */
export const radioAuthSchema = z.object({
  user: loginField,
  password: loginField,
});
export type RadioAuthInput = z.output<typeof radioAuthSchema>;

/** POST /api/internal/radio/djon and djoff: `{ user }` (djoff may be empty). */
export const radioDjSchema = z.object({ user: loginField });

// --- Now-playing in AzuraCast's shape (`GET /api/nowplaying/{station}`).

export const nowPlayingListenersSchema = z.object({
  total: z.number(),
  unique: z.number(),
  current: z.number(),
});
export type NowPlayingListeners = z.infer<typeof nowPlayingListenersSchema>;

export const nowPlayingMountSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  bitrate: z.number(),
  format: z.string(),
  listeners: nowPlayingListenersSchema,
  path: z.string(),
  is_default: z.boolean(),
});
export type NowPlayingMount = z.infer<typeof nowPlayingMountSchema>;

export const nowPlayingSongSchema = z.object({
  id: z.string(),
  text: z.string(),
  artist: z.string(),
  title: z.string(),
  album: z.string(),
  genre: z.string(),
  isrc: z.string(),
  lyrics: z.string(),
  art: z.string(),
  custom_fields: z.record(z.string(), z.unknown()),
});
export type NowPlayingSong = z.infer<typeof nowPlayingSongSchema>;

export const nowPlayingCurrentSchema = z.object({
  sh_id: z.number(),
  played_at: z.number(),
  duration: z.number(),
  playlist: z.string(),
  streamer: z.string(),
  is_request: z.boolean(),
  elapsed: z.number(),
  remaining: z.number(),
  song: nowPlayingSongSchema,
});
export type NowPlayingCurrent = z.infer<typeof nowPlayingCurrentSchema>;

export const nowPlayingSchema = z.object({
  station: z.object({
    id: z.number(),
    name: z.string(),
    shortcode: z.string(),
    description: z.string(),
    frontend: z.string(),
    backend: z.string(),
    /** Not in every AzuraCast version. */
    timezone: z.string().optional(),
    listen_url: z.string(),
    url: z.string(),
    public_player_url: z.string(),
    playlist_pls_url: z.string(),
    playlist_m3u_url: z.string(),
    is_public: z.boolean(),
    hls_enabled: z.boolean(),
    hls_url: z.string().nullable(),
    hls_listeners: z.number(),
    mounts: z.array(nowPlayingMountSchema),
    remotes: z.array(z.unknown()),
  }),
  listeners: nowPlayingListenersSchema,
  live: z.object({
    is_live: z.boolean(),
    streamer_name: z.string(),
    /** Unix seconds. */
    broadcast_start: z.number().nullable(),
    art: z.string().nullable(),
  }),
  now_playing: nowPlayingCurrentSchema.nullable(),
  playing_next: z.unknown(),
  song_history: z.array(z.unknown()),
  is_online: z.boolean(),
  cache: z.string().nullable(),
});
export type NowPlaying = z.infer<typeof nowPlayingSchema>;

export const radioStationViewSchema = z.object({
  nowPlaying: nowPlayingSchema,
  /** `azuracast`, `icecast` (a status-json.xsl URL) or `none`. */
  source: z.enum(["azuracast", "icecast", "none"]),
  /** Whether the app runs the bundled station (Icecast + Liquidsoap). */
  bundled: z.boolean(),
  timezone: z.string(),
  harbor: z.object({ host: z.string(), port: z.number(), enforceSchedule: z.boolean() }),
  /** When the app last asked the station, and what went wrong, if anything. */
  checkedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type RadioStationView = z.infer<typeof radioStationViewSchema>;
