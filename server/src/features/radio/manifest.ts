import {
  APP_MANIFEST,
  APP_MANIFEST_CONTENT_TYPE,
  APP_MANIFEST_ROUTES,
  type AppManifest,
  appShortName,
} from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";

/** Browsers ask again now and then; a renamed station reaches installed apps within this long. */
const MANIFEST_MAX_AGE_S = 3_600;

/** The web app manifest (issue 27): installable under the station's name (STATION_NAME). */
export function appManifest(stationName: string): AppManifest {
  return {
    id: "/",
    name: stationName,
    short_name: appShortName(stationName),
    description: APP_MANIFEST.description,
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: APP_MANIFEST.themeColor,
    background_color: APP_MANIFEST.backgroundColor,
    icons: APP_MANIFEST.icons.map((icon) => ({ ...icon })),
  };
}

export function manifestRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  const body = JSON.stringify(appManifest(ctx.config.STATION_NAME));
  route(APP_MANIFEST_ROUTES.manifest, async (_request, reply) =>
    reply
      .type(APP_MANIFEST_CONTENT_TYPE)
      .header("cache-control", `public, max-age=${MANIFEST_MAX_AGE_S}`)
      .send(body),
  );
}
