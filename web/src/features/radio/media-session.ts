import { type NowPlaying, type PlayerStatus, RADIO_TEXTS } from "@airwave/contracts";
import type { RadioEngine } from "./engine.ts";

/**
 * The Media Session API (issue 27): the lock screen, the notification shade, headphones and car
 * screens show the title, the artist and the station's artwork, and their play, pause and stop
 * buttons drive the radio's engine. Browsers without it are left alone.
 */

/** The manifest's icons (web/public/icons), used as the station's artwork. */
export const STATION_ARTWORK: MediaImage[] = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
];

export interface TrackInfo {
  /** The song's title ("Live Broadcast" for a DJ who sends none); empty when nothing is known. */
  title: string;
  artist: string;
  station: string;
  /** The live DJ's name, or null on Auto DJ. */
  dj: string | null;
}

/** What is playing, as the player and the media session say it. */
export function trackOf(np: NowPlaying | undefined): TrackInfo {
  const online = np?.is_online === true;
  const live = online && np?.live.is_live === true;
  const song = online ? np?.now_playing?.song : undefined;
  const dj = live && np?.live.streamer_name ? np.live.streamer_name : null;
  let title = song?.title || song?.text || "";
  const artist = song?.title ? song.artist : "";
  if (!title && live) title = RADIO_TEXTS.liveTitle;
  return { title, artist, station: np?.station.name || RADIO_TEXTS.defaultStationName, dj };
}

const session = (): MediaSession | null =>
  typeof navigator !== "undefined" && "mediaSession" in navigator ? navigator.mediaSession : null;

/** Title, artist (the DJ when live and the song names none) and the station as album and artwork. */
export function showOnMediaSession(track: TrackInfo) {
  const ms = session();
  if (!ms || typeof MediaMetadata === "undefined") return;
  ms.metadata = new MediaMetadata({
    title: track.title || track.station,
    artist: track.artist || track.dj || (track.title ? "" : RADIO_TEXTS.autoDj),
    album: track.station,
    artwork: STATION_ARTWORK,
  });
}

const PLAYING: PlayerStatus[] = ["playing", "connecting", "retrying"];

/**
 * Wires the session's buttons to the engine and keeps its playback state with the player's status.
 * Returns the undo (tests).
 */
export function bindMediaSession(engine: RadioEngine): () => void {
  const ms = session();
  if (!ms) return () => undefined;
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ["play", () => engine.play()],
    ["pause", () => engine.pause()],
    // A live stream has no position: stop is pause (the connection is dropped either way).
    ["stop", () => engine.pause()],
  ];
  for (const [action, handler] of handlers) {
    try {
      ms.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  }
  const sync = () => {
    const { status } = engine.getSnapshot();
    ms.playbackState = PLAYING.includes(status)
      ? "playing"
      : status === "paused"
        ? "paused"
        : "none";
  };
  sync();
  const unsubscribe = engine.subscribe(sync);
  return () => {
    unsubscribe();
    for (const [action] of handlers) {
      try {
        ms.setActionHandler(action, null);
      } catch {
        // As above.
      }
    }
  };
}
