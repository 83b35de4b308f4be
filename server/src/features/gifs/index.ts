import type { Feature } from "../../platform/feature.ts";
import { gifsRoutes } from "./routes.ts";
import { gifs } from "./schema.ts";

/** The GIF picker and the admin GIF library. */
export const gifsFeature: Feature = {
  name: "gifs",
  routes: gifsRoutes,
  // GIFs they uploaded stay, with no uploader (ON DELETE SET NULL).
  deleteAccount: { tables: [gifs] },
};
