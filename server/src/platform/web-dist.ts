import path from "node:path";
import type { Config } from "./config.ts";
import { checkoutWebDist } from "./paths.ts";

/** The built web app the server serves: WEB_DIST_DIR, or web/dist of this checkout. */
export const webDistDir = (config: Pick<Config, "WEB_DIST_DIR">) =>
  config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : checkoutWebDist;
