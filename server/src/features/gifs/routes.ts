import {
  GIF_API,
  type GifListAnswer,
  gifSearchQuerySchema,
  type LibraryGifsAnswer,
} from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { gifAdminRoutes } from "./admin-routes.ts";
import { createGifService } from "./service.ts";

/** GIF search through our server (decisions, "Media") and the station's own GIF library. */
export function gifsRoutes(app: FastifyInstance, ctx: AppContext) {
  const gifs = createGifService(ctx);

  app.get(GIF_API.search, async (request): Promise<GifListAnswer> => {
    const { q } = gifSearchQuerySchema.parse(request.query);
    return gifs.search(q);
  });

  app.get(GIF_API.trending, async (): Promise<GifListAnswer> => gifs.trending());

  app.get(
    GIF_API.library,
    async (): Promise<LibraryGifsAnswer> => ({
      gifs: await gifs.library(),
    }),
  );

  gifAdminRoutes(app, ctx);
}
