// Makes sure node_modules matches package-lock.json. Node built-ins only: this runs before
// `npm install` has ever happened.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";

// npm writes package-lock.json and node_modules/.package-lock.json within the same instant;
// allow a little slack so a plain `npm install` does not trigger a needless reinstall.
const SLACK_MS = 1000;

/**
 * Installs the locked dependencies in `root` when node_modules is missing or older than
 * package-lock.json. `npm install` rather than `npm ci`: this registry does not carry every
 * platform's optional binary (Biome's), so the lock file lists fewer of them than `npm ci` demands,
 * while `npm install` installs exactly the locked versions and skips the absent optional ones.
 */
export function ensureNpmDeps(root) {
  const reason = staleReason(root);
  if (!reason) return false;
  console.log(`[deps] ${reason}: running npm install`);
  const r = spawnSync("npm", ["install", "--no-audit", "--no-fund"], {
    cwd: root,
    stdio: "inherit",
  });
  if (r.error) throw new Error(`could not run npm install: ${r.error.message}`);
  if (r.status !== 0)
    throw new Error(`npm install failed (${r.signal ?? `exit code ${r.status}`})`);
  return true;
}

function staleReason(root) {
  const modules = join(root, "node_modules");
  const installed = join(modules, ".package-lock.json");
  const lock = join(root, "package-lock.json");
  if (!existsSync(modules)) return "node_modules is missing";
  if (!existsSync(installed)) return "node_modules/.package-lock.json is missing";
  if (existsSync(lock) && statSync(lock).mtimeMs - statSync(installed).mtimeMs > SLACK_MS) {
    return "package-lock.json is newer than node_modules";
  }
  return null;
}
