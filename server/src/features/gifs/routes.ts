import {
  GIF_API,
  type GifListAnswer,
  gifSearchQuerySchema,
  type LibraryGifsAnswer,
} from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { rateLimit } from "../../platform/rate-limit/hook.ts";
import { gifAdminRoutes } from "./admin-routes.ts";
import { createGifService } from "./service.ts";

/** GIF search through our server (decisions, "Media") and the station's own GIF library. */
export function gifsRoutes(app: FastifyInstance, ctx: AppContext) {
  const gifs = createGifService(ctx);

  const searchLimit = { preHandler: rateLimit(ctx, "searches") };

  app.get(GIF_API.search, searchLimit, async (request): Promise<GifListAnswer> => {
    const { q } = gifSearchQuerySchema.parse(request.query);
    return gifs.search(q);
  });

  app.get(GIF_API.trending, searchLimit, async (): Promise<GifListAnswer> => gifs.trending());

  app.get(
    GIF_API.library,
    async (): Promise<LibraryGifsAnswer> => ({
      gifs: await gifs.library(),
    }),
  );

  gifAdminRoutes(app, ctx);
}
