import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { AppContext } from "../../platform/context.ts";
import { defineJob } from "../../platform/jobs/index.ts";
import { mp3TempDir } from "./service.ts";

const SWEEP_INTERVAL_MS = 3_600_000;
/** Older than any upload in progress could be. */
const LEFTOVER_AGE_MS = 3_600_000;

/**
 * Removes half-received uploads (`*.partial` in the MP3 temporary folder) older than an hour: an
 * upload removes its own file whatever happens, so these are a crash's leftovers. Answers how many.
 */
export async function sweepMp3Leftovers(ctx: AppContext, now = Date.now()): Promise<number> {
  const dir = mp3TempDir(ctx);
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".partial")) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info || now - info.mtimeMs < LEFTOVER_AGE_MS) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

export const mp3LeftoverSweepJob = defineJob({
  name: "mp3: leftover upload sweep",
  every: SWEEP_INTERVAL_MS,
  lock: true,
  run: async (ctx) => {
    const removed = await sweepMp3Leftovers(ctx);
    if (removed) ctx.log.info({ removed }, "mp3: leftover uploads removed");
  },
});
