import { z } from "zod";

/**
 * How the now-playing adapter reads the stations' own answers (AzuraCast's now-playing, Icecast's
 * status-json.xsl). Server-only: the browser reads the app's answer, typed in the contracts.
 */

// Lenient readers of outside answers: a missing or odd field takes its default, a wrong type of
// the whole answer fails (and the station counts as offline).
const str = z
  .preprocess((v) => (v == null ? "" : typeof v === "number" ? String(v) : v), z.string())
  .catch("");
const num = z.coerce.number().catch(0);
const bool = z.boolean().catch(false);
const listenersSchema = z
  .object({ total: num.default(0), unique: num.default(0), current: num.default(0) })
  .catch({ total: 0, unique: 0, current: 0 });

const songSchema = z
  .object({
    id: str.default(""),
    text: str.default(""),
    artist: str.default(""),
    title: str.default(""),
    album: str.default(""),
    genre: str.default(""),
    isrc: str.default(""),
    lyrics: str.default(""),
    art: str.default(""),
    custom_fields: z.record(z.string(), z.unknown()).catch({}).default({}),
  })
  .catch({
    id: "",
    text: "",
    artist: "",
    title: "",
    album: "",
    genre: "",
    isrc: "",
    lyrics: "",
    art: "",
    custom_fields: {},
  });

const mountSchema = z.object({
  id: num.default(0),
  name: str.default(""),
  url: str.default(""),
  bitrate: num.default(0),
  format: str.default(""),
  listeners: listenersSchema.default({ total: 0, unique: 0, current: 0 }),
  path: str.default(""),
  is_default: bool.default(false),
});

/** An AzuraCast now-playing answer, as far as the app reads it. */
export const azuraCastNowPlayingSchema = z.object({
  station: z.object({
    id: num.default(0),
    name: str.default(""),
    shortcode: str.default(""),
    description: str.default(""),
    frontend: str.default(""),
    backend: str.default(""),
    timezone: z.string().optional().catch(undefined),
    listen_url: str.default(""),
    url: str.default(""),
    public_player_url: str.default(""),
    playlist_pls_url: str.default(""),
    playlist_m3u_url: str.default(""),
    is_public: bool.default(false),
    hls_enabled: bool.default(false),
    hls_url: z.string().nullable().catch(null).default(null),
    hls_listeners: num.default(0),
    mounts: z.array(mountSchema).catch([]).default([]),
    remotes: z.array(z.unknown()).catch([]).default([]),
  }),
  listeners: listenersSchema.default({ total: 0, unique: 0, current: 0 }),
  live: z
    .object({
      is_live: bool.default(false),
      streamer_name: str.default(""),
      broadcast_start: z.number().nullable().catch(null).default(null),
      art: z.string().nullable().catch(null).default(null),
    })
    .catch({ is_live: false, streamer_name: "", broadcast_start: null, art: null })
    .default({ is_live: false, streamer_name: "", broadcast_start: null, art: null }),
  now_playing: z
    .object({
      sh_id: num.default(0),
      played_at: num.default(0),
      duration: num.default(0),
      playlist: str.default(""),
      streamer: str.default(""),
      is_request: bool.default(false),
      elapsed: num.default(0),
      remaining: num.default(0),
      song: songSchema,
    })
    .nullable()
    .catch(null)
    .default(null),
  playing_next: z.unknown().optional(),
  song_history: z.array(z.unknown()).catch([]).default([]),
  is_online: z.boolean().catch(true).default(true),
});

const icecastSourceSchema = z.object({
  listenurl: str.default(""),
  server_name: str.default(""),
  server_description: str.default(""),
  server_type: str.default(""),
  server_url: str.default(""),
  genre: str.default(""),
  title: str.default(""),
  artist: str.default(""),
  bitrate: num.default(0),
  listeners: num.default(0),
  listener_peak: num.default(0),
  stream_start_iso8601: str.default(""),
});
export type IcecastSource = z.output<typeof icecastSourceSchema>;

/** Icecast's `status-json.xsl`: `source` is an object for one mount, an array for several. */
export const icecastStatusSchema = z.object({
  icestats: z.object({
    host: str.default(""),
    server_id: str.default(""),
    source: z
      .union([icecastSourceSchema, z.array(icecastSourceSchema)])
      .optional()
      .transform((s) => (s === undefined ? [] : Array.isArray(s) ? s : [s])),
  }),
});
