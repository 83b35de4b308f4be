import { UPLOAD_LIMITS } from "@airwave/contracts";
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import { defineJob } from "../../platform/jobs/index.ts";
import { uploads } from "../../platform/storage/schema.ts";
import { chatMessages } from "../chat/schema.ts";
import { posts } from "../posts/schema.ts";

/** How often old unused temporary images are looked for (and once at start). */
const TEMP_SWEEP_INTERVAL_MS = 3_600_000;
/** Candidates looked at per statement. */
const TEMP_SWEEP_BATCH = 500;

/**
 * Deletes the temporary images (uploadTempImage) older than `UPLOAD_LIMITS.tempUnusedKeepMs` that no
 * post and no chat message shows: each batch's rows in one DELETE that checks the use at that moment,
 * then their files through storage (a file that cannot be removed is logged). Answers how many went.
 * Safe on several instances at once: a row is deleted, and its file removed, by one of them.
 */
export async function sweepTempUploads(
  ctx: AppContext,
  { now = new Date(), batchSize = TEMP_SWEEP_BATCH }: { now?: Date; batchSize?: number } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - UPLOAD_LIMITS.tempUnusedKeepMs);
  let removed = 0;
  let after = "";
  for (;;) {
    const batch = await ctx.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(eq(uploads.kind, "temp"), lt(uploads.createdAt, cutoff), gt(uploads.key, after)))
      .orderBy(asc(uploads.key))
      .limit(batchSize);
    const last = batch.at(-1);
    if (!last) break;
    after = last.key;

    // Posts and chat messages keep the image's public URL, which only storage can make from a key.
    const candidates = JSON.stringify(
      batch.map(({ key }) => ({ key, url: ctx.storage.publicUrl(key) })),
    );
    const gone = (await ctx.db.execute(sql`
      delete from ${uploads} using json_to_recordset(${candidates}::json) as c(key text, url text)
      where ${uploads.key} = c.key
        and ${uploads.kind} = 'temp'
        and ${uploads.createdAt} < ${cutoff.toISOString()}::timestamptz
        and not exists (select 1 from ${posts} where ${posts.image} = c.url)
        and not exists (
          select 1 from ${chatMessages}
          where ${chatMessages.type} = 'image' and ${chatMessages.message} = c.url
        )
      returning ${uploads.key} as key`)) as unknown as { rows: { key: string }[] };

    for (const { key } of gone.rows) {
      await ctx.storage
        .delete(key)
        .catch((err) =>
          ctx.log.warn({ err, key }, "uploads: could not remove an old temporary image"),
        );
    }
    removed += gone.rows.length;
    if (batch.length < batchSize) break;
  }
  return removed;
}

const TEMP_SWEEP_JOB = "uploads: temporary image sweep";

/** The sweep as a job: at start, then hourly, on one instance at a time. */
export const tempUploadSweepJob = defineJob({
  name: TEMP_SWEEP_JOB,
  every: TEMP_SWEEP_INTERVAL_MS,
  lock: true,
  run: async (ctx) => {
    const removed = await sweepTempUploads(ctx, { now: ctx.clock.now() });
    if (removed) ctx.log.info({ removed }, "uploads: old unused temporary images removed");
  },
});
