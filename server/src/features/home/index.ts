import type { Feature } from "../../platform/feature.ts";
import { homeRoutes } from "./routes.ts";

/** The public page and the contact form. */
export const homeFeature: Feature = {
  name: "home",
  routes: homeRoutes,
};
