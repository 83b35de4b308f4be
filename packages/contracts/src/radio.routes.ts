import { z } from "zod";
import {
  nowPlayingSchema,
  RADIO_PATHS,
  radioAuthSchema,
  radioDjSchema,
  radioStationViewSchema,
} from "./radio.ts";
import { defineRoutes } from "./route.ts";

/**
 * The radio: now-playing for everyone, the playlists naming the stream, the admin's station
 * view, and the live log-in Liquidsoap asks about (AzuraCast's internal API convention: the shared
 * key in X-Liquidsoap-Api-Key, the answer `true` or `false`; a wrong key is answered `false`).
 */
export const RADIO_ROUTES = /* @__PURE__ */ defineRoutes("radio", {
  liveAuth: {
    method: "POST",
    path: RADIO_PATHS.internalAuth,
    access: "station",
    summary: "Liquidsoap asks whether a DJ may go live now",
    body: radioAuthSchema,
    response: z.boolean(),
  },
  djOn: {
    method: "POST",
    path: RADIO_PATHS.internalDjOn,
    access: "station",
    summary: "Liquidsoap says a DJ went live",
    body: radioDjSchema,
    response: z.boolean(),
  },
  djOff: {
    method: "POST",
    path: RADIO_PATHS.internalDjOff,
    access: "station",
    summary: "Liquidsoap says the live DJ left",
    response: z.boolean(),
  },
  liveCheck: {
    method: "POST",
    path: RADIO_PATHS.internalLiveCheck,
    access: "station",
    summary: "Liquidsoap asks whether the live DJ may stay on air (false ends the live set)",
    body: radioDjSchema,
    response: z.boolean(),
  },
  track: {
    method: "POST",
    path: RADIO_PATHS.internalTrack,
    access: "station",
    summary: "Liquidsoap says a new title went on air (now-playing is refreshed at once)",
    response: z.boolean(),
  },
  nowPlaying: {
    method: "GET",
    path: RADIO_PATHS.nowPlaying,
    access: "public",
    summary: "What the station plays now (AzuraCast's shape)",
    response: nowPlayingSchema,
  },
  station: {
    method: "GET",
    path: RADIO_PATHS.station,
    access: "admin",
    summary: "The station as the admin dashboard shows it (Admin)",
    response: radioStationViewSchema,
  },
  stream: {
    method: "GET",
    path: RADIO_PATHS.stream,
    access: "public",
    summary: "Redirects (307) to the public stream URL (kept for old players and bookmarks)",
    response: z.unknown(),
    contentType: "audio/mpeg",
  },
  playlistM3u: {
    method: "GET",
    path: RADIO_PATHS.playlistM3u,
    access: "public",
    summary: "An M3U playlist naming the public stream URL",
    response: z.string(),
    contentType: "audio/x-mpegurl",
  },
  playlistPls: {
    method: "GET",
    path: RADIO_PATHS.playlistPls,
    access: "public",
    summary: "A PLS playlist naming the public stream URL",
    response: z.string(),
    contentType: "audio/x-scpls",
  },
});
