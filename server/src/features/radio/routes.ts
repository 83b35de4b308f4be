import { createHash, timingSafeEqual } from "node:crypto";
import {
  type DeclaredRoute,
  LIQUIDSOAP_API_KEY_HEADER,
  RADIO_MESSAGES,
  RADIO_ROUTES,
} from "@airwave/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import { type DeclaredHandler, routeRegistrar } from "../../platform/http/declared-routes.ts";
import { checkLiveDj, checkLiveLogin, djOff, djOn, radioOf, trackChanged } from "./service.ts";

/** Players fetch a playlist once; a changed stream URL reaches them within this long. */
const PLAYLIST_MAX_AGE_S = 300;

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/**
 * The radio: now-playing for everyone, the playlists and the old stream path (a redirect) that send
 * players to the public stream URL, the admin's station view,
 * and the live log-in Liquidsoap asks about (AzuraCast's internal API convention: the shared key in
 * X-Liquidsoap-Api-Key, the answer `true` or `false`).
 */
export function radioRoutes(app: FastifyInstance, ctx: AppContext) {
  const radio = radioOf(ctx);
  const route = routeRegistrar(app, ctx);

  /** The shared key, compared in constant time. */
  const keyOk = (request: FastifyRequest) => {
    const given = request.headers[LIQUIDSOAP_API_KEY_HEADER];
    if (typeof given !== "string" || !given) return false;
    return timingSafeEqual(digest(given), digest(ctx.config.STATION_API_KEY));
  };

  /**
   * A wrong or missing key is answered like a refused log-in (`false`, nothing recorded): that is
   * all Liquidsoap understands, and the reason goes to the log.
   */
  const refuseKey = (request: FastifyRequest) => {
    request.log.warn({ route: request.routeOptions.url }, RADIO_MESSAGES.invalidKey);
    return false;
  };

  route(RADIO_ROUTES.liveAuth, async (request) => {
    if (!keyOk(request)) return refuseKey(request);
    return checkLiveLogin(ctx, request.body);
  });

  route(RADIO_ROUTES.djOn, async (request) => {
    if (!keyOk(request)) return refuseKey(request);
    return djOn(ctx, request.body.user);
  });

  route(RADIO_ROUTES.djOff, async (request) => {
    if (!keyOk(request)) return refuseKey(request);
    return djOff(ctx);
  });

  route(RADIO_ROUTES.track, async (request) => {
    if (!keyOk(request)) return refuseKey(request);
    return trackChanged(ctx);
  });

  route(RADIO_ROUTES.liveCheck, async (request) => {
    if (!keyOk(request)) return refuseKey(request);
    return checkLiveDj(ctx, request.body.user);
  });

  route(RADIO_ROUTES.nowPlaying, async (_request, reply) => {
    reply.header("cache-control", "no-cache");
    return radio.nowPlaying();
  });

  route(RADIO_ROUTES.station, async () => radio.stationView());

  // Listeners are served by the listener relay (or the existing station), never through the app:
  // the old stream path sends players there.
  route(RADIO_ROUTES.stream, async (_request, reply) => {
    const url = await radio.streamUrl();
    if (!url) throw notFound(RADIO_MESSAGES.noStation);
    return reply.header("cache-control", "no-cache").redirect(url, 307);
  });

  // Playlists for players other than the browser's (VLC, car radios, smart speakers).
  const playlist = (
    type: string,
    render: (name: string, url: string) => string,
  ): DeclaredHandler<DeclaredRoute> => {
    return async (_request, reply) => {
      const url = await radio.streamUrl();
      if (!url) throw notFound(RADIO_MESSAGES.noStation);
      const name = (await radio.nowPlaying()).station.name.replace(/[\r\n]+/g, " ").trim();
      return reply
        .type(type)
        .header("cache-control", `public, max-age=${PLAYLIST_MAX_AGE_S}`)
        .header("content-disposition", "inline")
        .send(render(name, url));
    };
  };
  route(
    RADIO_ROUTES.playlistM3u,
    playlist("audio/x-mpegurl", (name, url) => `#EXTM3U\n#EXTINF:-1,${name}\n${url}\n`),
  );
  route(
    RADIO_ROUTES.playlistPls,
    playlist(
      "audio/x-scpls",
      (name, url) =>
        `[playlist]\nNumberOfEntries=1\nFile1=${url}\nTitle1=${name}\nLength1=-1\nVersion=2\n`,
    ),
  );
}
