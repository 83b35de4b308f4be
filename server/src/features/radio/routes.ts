import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { pipeline } from "node:stream";
import { LIQUIDSOAP_API_KEY_HEADER, RADIO_MESSAGES, RADIO_ROUTES } from "@airwave/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { checkLiveDj, checkLiveLogin, djOff, djOn, radioOf } from "./service.ts";
import { fromFrameStart, openStationStream } from "./stream.ts";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/**
 * The radio: now-playing for everyone, the bundled station's stream relay, the admin's station view,
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

  route(RADIO_ROUTES.liveCheck, async (request) => {
    if (!keyOk(request)) return refuseKey(request);
    return checkLiveDj(ctx, request.body.user);
  });

  route(RADIO_ROUTES.nowPlaying, async (_request, reply) => {
    reply.header("cache-control", "no-cache");
    return radio.nowPlaying();
  });

  route(RADIO_ROUTES.station, async () => radio.stationView());

  // A listener's answer never ends by itself: on the app's close the relays end first, so the
  // graceful stop does not wait for them (the player reconnects, to another instance behind a proxy).
  const relays = new Set<IncomingMessage>();
  app.addHook("preClose", async () => {
    for (const upstream of relays) upstream.destroy();
  });

  route(RADIO_ROUTES.stream, async (request, reply) => {
    if (!radio.relayUrl) throw notFound(RADIO_MESSAGES.noStation);
    const upstream = await openStationStream(radio.relayUrl);
    if (!upstream) throw new AppError(503, RADIO_MESSAGES.streamUnavailable);
    relays.add(upstream);
    upstream.once("close", () => relays.delete(upstream));
    // The listener left: let go of Icecast at once (it counts listeners by connection).
    request.raw.once("close", () => upstream.destroy());
    return reply
      .header("content-type", "audio/mpeg")
      .header("cache-control", "no-cache, no-store")
      .header("x-content-type-options", "nosniff")
      .send(pipeline(upstream, fromFrameStart(), () => undefined));
  });
}
