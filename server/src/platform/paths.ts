import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The server's folder (the one holding `drizzle/`, the migrations), found by walking up from the
 * running module: `src/platform/` under tsx and Vitest, `dist/` when compiled (scripts/build-server.mjs),
 * the same folder in a checkout or an image.
 */
function findServerDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, "drizzle", "meta", "_journal.json"))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error("the server's drizzle/ folder was not found above its code");
    dir = up;
  }
}

export const serverDir = findServerDir();
/** The migrations drizzle applies at start. */
export const migrationsDir = path.join(serverDir, "drizzle");
/** The web app's build in this checkout (served unless WEB_DIST_DIR says otherwise). */
export const checkoutWebDist = path.resolve(serverDir, "..", "web", "dist");
