import { createHash, timingSafeEqual } from "node:crypto";
import {
  LIQUIDSOAP_API_KEY_HEADER,
  type NowPlaying,
  RADIO_MESSAGES,
  RADIO_PATHS,
  type RadioStationView,
  radioAuthSchema,
  radioDjSchema,
} from "@airwave/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authorize } from "../../platform/authorize.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { radioPolicy } from "./policy.ts";
import { checkLiveLogin, djOff, djOn, radioOf } from "./service.ts";
import { openStationStream } from "./stream.ts";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/**
 * The radio: now-playing for everyone, the bundled station's stream relay, the admin's station view,
 * and the live log-in Liquidsoap asks about (AzuraCast's internal API convention: the shared key in
 * X-Liquidsoap-Api-Key, the answer `true` or `false`).
 */
export function radioRoutes(app: FastifyInstance, ctx: AppContext) {
  const radio = radioOf(ctx);

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

  app.post(RADIO_PATHS.internalAuth, async (request) => {
    if (!keyOk(request)) return refuseKey(request);
    return checkLiveLogin(ctx, radioAuthSchema.parse(request.body ?? {}));
  });

  app.post(RADIO_PATHS.internalDjOn, async (request) => {
    if (!keyOk(request)) return refuseKey(request);
    return djOn(ctx, radioDjSchema.parse(request.body ?? {}).user);
  });

  app.post(RADIO_PATHS.internalDjOff, async (request) => {
    if (!keyOk(request)) return refuseKey(request);
    return djOff(ctx);
  });

  app.get(RADIO_PATHS.nowPlaying, async (_request, reply): Promise<NowPlaying> => {
    reply.header("cache-control", "no-cache");
    return radio.nowPlaying();
  });

  app.get(RADIO_PATHS.station, async (request): Promise<RadioStationView> => {
    authorize(radioPolicy, "viewStation", requireActor(request));
    return radio.stationView();
  });

  app.get(RADIO_PATHS.stream, async (request, reply) => {
    if (!radio.relayUrl) throw notFound(RADIO_MESSAGES.noStation);
    const upstream = await openStationStream(radio.relayUrl);
    if (!upstream) throw new AppError(503, RADIO_MESSAGES.streamUnavailable);
    // The listener left: let go of Icecast at once (it counts listeners by connection).
    request.raw.once("close", () => upstream.destroy());
    return reply
      .header("content-type", "audio/mpeg")
      .header("cache-control", "no-cache, no-store")
      .header("x-content-type-options", "nosniff")
      .send(upstream);
  });
}
