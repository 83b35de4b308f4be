import type { Feature } from "../../platform/feature.ts";
import { usersRoutes } from "./routes.ts";

/** Profiles, presence, search. */
export const usersFeature: Feature = {
  name: "users",
  routes: usersRoutes,
};
