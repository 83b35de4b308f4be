// `npm run bench`: runs every benchmark in bench/ (each prints its figures next to a baseline
// measured in the same run). `node scripts/bench.mjs session` runs those whose name contains "session".
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureNpmDeps } from "./lib/deps.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
ensureNpmDeps(root);
const filters = process.argv.slice(2);
/** Helpers of the benchmarks, not benchmarks: the shared library, baseline servers, seeders, the page profiler. */
const SUPPORT = /^(lib|bare-|seed-|profile-)/;
const files = readdirSync(join(root, "bench"))
  .filter((f) => f.endsWith(".ts") && !SUPPORT.test(f))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n== bench/${file}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", join("bench", file)], {
    cwd: root,
    stdio: "inherit",
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
