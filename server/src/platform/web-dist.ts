import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "./config.ts";

const defaultWebDist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../web/dist",
);

/** The built web app the server serves: WEB_DIST_DIR, or web/dist of this checkout. */
export const webDistDir = (config: Pick<Config, "WEB_DIST_DIR">) =>
  config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : defaultWebDist;
