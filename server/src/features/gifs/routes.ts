import { GIFS_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { gifAdminRoutes } from "./admin-routes.ts";
import { createGifService } from "./service.ts";

/** GIF search through our server (decisions, "Media") and the station's own GIF library. */
export function gifsRoutes(app: FastifyInstance, ctx: AppContext) {
  const gifs = createGifService(ctx);

  const route = routeRegistrar(app, ctx);
  route(GIFS_ROUTES.search, async (request) => gifs.search(request.query.q));
  route(GIFS_ROUTES.trending, async () => gifs.trending());
  route(GIFS_ROUTES.library, async () => ({ gifs: await gifs.library() }));

  gifAdminRoutes(app, ctx);
}
