import { EFFECTS_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { getThemeSettings, updateThemeSettings } from "./theme.ts";

/** The theme settings of the seasonal effects (admin spec 4). */
export function effectsRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  route(EFFECTS_ROUTES.themeSettings, async () => ({
    success: true,
    settings: await getThemeSettings(ctx),
  }));
  route(EFFECTS_ROUTES.saveThemeSettings, async (request) => ({
    success: true,
    settings: await updateThemeSettings(ctx, request.body),
  }));
}
