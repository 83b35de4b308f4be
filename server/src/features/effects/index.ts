import type { Feature } from "../../platform/feature.ts";
import { effectsRoutes } from "./routes.ts";

/** The seasonal effects' theme settings (bonfire, christmas: fireworks, snow, rope lights). */
export const effectsFeature: Feature = {
  name: "effects",
  routes: effectsRoutes,
};
