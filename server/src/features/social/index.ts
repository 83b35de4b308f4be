import type { Feature } from "../../platform/feature.ts";
import { socialRoutes } from "./routes.ts";
import { blocks, followRequests, follows } from "./schema.ts";

/** Follows, blocks, privacy. */
export const socialFeature: Feature = {
  name: "social",
  routes: socialRoutes,
  // Follows both ways, follow requests and blocks go with the row.
  deleteAccount: { tables: [follows, followRequests, blocks] },
};
