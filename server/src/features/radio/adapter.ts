import {
  type NowPlaying,
  type NowPlayingSong,
  RADIO_LIMITS,
  RADIO_TEXTS,
} from "@airwave/contracts";
import { azuraCastNowPlayingSchema, type IcecastSource, icecastStatusSchema } from "./outside.ts";

/**
 * The now-playing adapter (decisions "Radio"): one function that asks the configured station and
 * answers in AzuraCast's now-playing shape, whether the station is an AzuraCast (its
 * `/api/nowplaying/{station}` URL) or an Icecast (its `status-json.xsl`) plus the live DJ the app
 * recorded. A station that does not answer, or answers nonsense, is `is_online: false`; this module
 * never throws for what a station sends.
 */

export type StationKind = "azuracast" | "icecast";

/** An Icecast status URL ends in `status-json.xsl`; anything else is read as AzuraCast. */
export const stationKindOf = (url: string): StationKind =>
  new URL(url).pathname.endsWith("status-json.xsl") ? "icecast" : "azuracast";

/** The live DJ as `djon` recorded it. */
export interface LiveState {
  userId: string | null;
  streamerName: string;
  /** Unix milliseconds. */
  broadcastStart: number;
}

/** When the current song started, as the poller saw its text change (Icecast gives no start time). */
export interface TrackClock {
  text: string;
  /** Unix milliseconds. */
  playedAt: number;
}

export interface StationFacts {
  /** The name when the station gives none (STATION_NAME). */
  name: string;
  /** The stream players get: RADIO_STREAM_URL or the listener relay; null = the station's own. */
  listenUrl: string | null;
  /** The app's playlists (absolute /listen.m3u and /listen.pls), given whenever there is a stream. */
  playlistM3uUrl: string;
  playlistPlsUrl: string;
  /** The bundled station's mount (chooses the main Icecast source among several). */
  mount: string;
  /** The station's web address (the app's PUBLIC_URL). */
  url: string;
  timezone: string;
  /** `liquidsoap` for the bundled station. */
  backend: string;
}

export interface AdapterInput {
  station: StationFacts;
  live: LiveState | null;
  track: TrackClock | null;
  now: number;
  /**
   * The main mount's listeners when someone else serves them (the bundled station's listener
   * relay, whose /status.json counts them: Icecast itself sees one listener, the relay); null or
   * absent: the station's own count.
   */
  listeners?: number | null;
}

interface AdapterResult {
  nowPlaying: NowPlaying;
  track: TrackClock | null;
  error: string | null;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

const emptySong = (): NowPlayingSong => ({
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

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "") || "station";

function baseStation(facts: StationFacts): NowPlaying["station"] {
  return {
    id: 1,
    name: facts.name,
    shortcode: slug(facts.name),
    description: "",
    frontend: "icecast",
    backend: facts.backend,
    timezone: facts.timezone,
    listen_url: facts.listenUrl ?? "",
    url: facts.url,
    public_player_url: facts.url,
    playlist_pls_url: facts.listenUrl ? facts.playlistPlsUrl : "",
    playlist_m3u_url: facts.listenUrl ? facts.playlistM3uUrl : "",
    is_public: true,
    hls_enabled: false,
    hls_url: null,
    hls_listeners: 0,
    mounts: [],
    remotes: [],
  };
}

/** The app's playlists, naming the stream, whenever there is one to name. */
function withPlaylists(station: NowPlaying["station"], facts: StationFacts) {
  station.playlist_m3u_url = station.listen_url ? facts.playlistM3uUrl : "";
  station.playlist_pls_url = station.listen_url ? facts.playlistPlsUrl : "";
}

/** The answer for a station that is down, not configured, or unreadable. */
export function offlineNowPlaying(facts: StationFacts): NowPlaying {
  return {
    station: baseStation(facts),
    listeners: { total: 0, unique: 0, current: 0 },
    live: { is_live: false, streamer_name: "", broadcast_start: null, art: null },
    now_playing: null,
    playing_next: null,
    song_history: [],
    is_online: false,
    cache: null,
  };
}

/** Icecast and Liquidsoap say these when there is no title. */
const NO_TITLE = new Set(["", "unknown", "unknown - unknown"]);
const UNSPECIFIED = /^unspecified (name|description)$/i;

/** A song from a `text`, or from separate artist and title; "Artist - Title" is split on the first " - ". */
export function songFrom(text: string, artist = "", title = ""): NowPlayingSong {
  const song = emptySong();
  const clean = text.trim();
  if (artist || title) {
    song.artist = artist.trim();
    song.title = title.trim();
    song.text = [song.artist, song.title].filter(Boolean).join(" - ");
  } else if (!NO_TITLE.has(clean.toLowerCase())) {
    const at = clean.indexOf(" - ");
    song.text = clean;
    if (at > 0) {
      song.artist = clean.slice(0, at).trim();
      song.title = clean.slice(at + 3).trim();
    } else {
      song.title = clean;
    }
  }
  if (NO_TITLE.has(song.text.toLowerCase())) return emptySong();
  song.id = song.text ? Buffer.from(song.text).toString("base64url").slice(0, 32) : "";
  return song;
}

/** Keeps the start time while the song's text stays the same; a new text starts now. */
function advanceClock(previous: TrackClock | null, text: string, now: number): TrackClock {
  return previous && previous.text === text ? previous : { text, playedAt: now };
}

const formatOf = (serverType: string) => {
  const t = serverType.toLowerCase();
  if (t.includes("mpeg")) return "mp3";
  if (t.includes("aac")) return "aac";
  if (t.includes("ogg")) return "ogg";
  if (t.includes("opus")) return "opus";
  return t.split("/").pop() ?? "";
};

const pathOf = (listenUrl: string) => {
  try {
    return new URL(listenUrl).pathname;
  } catch {
    return listenUrl;
  }
};

/** Icecast's status-json.xsl answer, the live DJ and the song clock, as AzuraCast would say it. */
export function normalizeIcecast(raw: unknown, input: AdapterInput): AdapterResult {
  const parsed = icecastStatusSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      nowPlaying: offlineNowPlaying(input.station),
      track: null,
      error: "malformed Icecast answer",
    };
  }
  const sources = parsed.data.icestats.source;
  if (sources.length === 0) {
    return {
      nowPlaying: offlineNowPlaying(input.station),
      track: null,
      error: "no stream is on air",
    };
  }
  const main: IcecastSource =
    sources.find((s) => pathOf(s.listenurl) === input.station.mount) ??
    sources.find((s) => s.title) ??
    (sources[0] as IcecastSource);
  const station = baseStation(input.station);
  if (main.server_name && !UNSPECIFIED.test(main.server_name)) station.name = main.server_name;
  station.shortcode = slug(station.name);
  if (main.server_description && !UNSPECIFIED.test(main.server_description)) {
    station.description = main.server_description;
  }
  station.listen_url = input.station.listenUrl ?? main.listenurl;
  withPlaylists(station, input.station);
  const counted = (s: IcecastSource) =>
    s === main && input.listeners != null ? input.listeners : s.listeners;
  station.mounts = sources.map((s, i) => {
    const isMain = s === main;
    const n = counted(s);
    return {
      id: i + 1,
      name: s.server_name && !UNSPECIFIED.test(s.server_name) ? s.server_name : pathOf(s.listenurl),
      url: isMain ? station.listen_url : s.listenurl,
      bitrate: s.bitrate,
      format: formatOf(s.server_type),
      listeners: { total: n, unique: n, current: n },
      path: pathOf(s.listenurl),
      is_default: isMain,
    };
  });
  const total = sources.reduce((sum, s) => sum + counted(s), 0);

  const live = input.live;
  const onAir =
    main.artist && main.title ? songFrom("", main.artist, main.title) : songFrom(main.title);
  // The clock follows the station's own title, so a title seen before a broadcast started is known.
  const track = onAir.text ? advanceClock(input.track, onAir.text, input.now) : null;
  let song = onAir;
  let playedAt = track?.playedAt ?? input.now;
  // A DJ who sends no titles: the title on air is empty, or still the Auto DJ's from before.
  if (live && (!track || track.playedAt < live.broadcastStart)) {
    song = songFrom("", live.streamerName, RADIO_TEXTS.liveTitle);
    playedAt = live.broadcastStart;
  }

  return {
    nowPlaying: {
      station,
      listeners: { total, unique: total, current: total },
      live: live
        ? {
            is_live: true,
            streamer_name: live.streamerName,
            broadcast_start: seconds(live.broadcastStart),
            art: null,
          }
        : { is_live: false, streamer_name: "", broadcast_start: null, art: null },
      now_playing: {
        sh_id: 0,
        played_at: seconds(playedAt),
        duration: 0,
        playlist: live ? "" : RADIO_TEXTS.autoDj,
        streamer: live?.streamerName ?? "",
        is_request: false,
        elapsed: Math.max(0, seconds(input.now - playedAt)),
        remaining: 0,
        song,
      },
      playing_next: null,
      song_history: [],
      is_online: true,
      cache: null,
    },
    track,
    error: null,
  };
}

/**
 * AzuraCast's now-playing answer (one station, or the first of `/api/nowplaying`'s list), with the
 * configured stream URL and, when the app itself recorded a live DJ, that DJ.
 */
export function normalizeAzuraCast(raw: unknown, input: AdapterInput): AdapterResult {
  const one = Array.isArray(raw) ? raw[0] : raw;
  const parsed = azuraCastNowPlayingSchema.safeParse(one);
  if (!parsed.success) {
    return {
      nowPlaying: offlineNowPlaying(input.station),
      track: null,
      error: "malformed AzuraCast answer",
    };
  }
  const a = parsed.data;
  const station: NowPlaying["station"] = {
    ...a.station,
    name: a.station.name || input.station.name,
    timezone: a.station.timezone,
    listen_url: input.station.listenUrl ?? a.station.listen_url,
  };
  withPlaylists(station, input.station);
  if (station.timezone === undefined) delete station.timezone;
  const live: NowPlaying["live"] = input.live
    ? {
        is_live: true,
        streamer_name: input.live.streamerName,
        broadcast_start: seconds(input.live.broadcastStart),
        art: a.live.art,
      }
    : a.live;
  const np = a.now_playing;
  const track = np?.song.text ? { text: np.song.text, playedAt: np.played_at * 1000 } : null;
  return {
    nowPlaying: {
      station,
      listeners: a.listeners,
      live,
      now_playing: np,
      playing_next: a.playing_next ?? null,
      song_history: a.song_history,
      is_online: a.is_online,
      cache: null,
    },
    track,
    error: a.is_online ? null : "the station says it is offline",
  };
}

export type FetchLike = (url: string, init: { signal: AbortSignal }) => Promise<Response>;

/**
 * Asks the station at `url` and answers in AzuraCast's shape. A refused connection, a timeout, an
 * HTTP error or an unreadable body all give `is_online: false` with the reason in `error`.
 */
export async function fetchNowPlaying(
  url: string,
  input: AdapterInput,
  fetchImpl: FetchLike = fetch,
): Promise<AdapterResult> {
  const offline = (error: string): AdapterResult => ({
    nowPlaying: offlineNowPlaying(input.station),
    track: null,
    error,
  });
  let body: unknown;
  try {
    const res = await fetchImpl(url, {
      signal: AbortSignal.timeout(RADIO_LIMITS.stationTimeoutMs),
    });
    if (!res.ok) return offline(`the station answered HTTP ${res.status}`);
    const text = await res.text();
    try {
      body = JSON.parse(text);
    } catch {
      return offline(
        `malformed ${stationKindOf(url) === "icecast" ? "Icecast" : "AzuraCast"} answer`,
      );
    }
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return offline(`the station does not answer (${cause ?? (err as Error).name})`);
  }
  return stationKindOf(url) === "icecast"
    ? normalizeIcecast(body, input)
    : normalizeAzuraCast(body, input);
}
