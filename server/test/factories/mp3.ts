import { randomBytes, randomUUID } from "node:crypto";
import { mp3Tracks } from "../../src/features/mp3/schema.ts";
import type { AppContext } from "../../src/platform/context.ts";

/**
 * A library track of `uploaderId` stored directly: `data` in storage (default a few bytes standing
 * for an MP3; pass a real one to play or range it) and its row. Override any column.
 */
export async function buildTrack(
  ctx: AppContext,
  uploaderId: string,
  overrides: Partial<typeof mp3Tracks.$inferInsert> & { data?: Buffer } = {},
) {
  const { data = Buffer.from("not really audio"), ...values } = overrides;
  const storageKey = `mp3/${randomBytes(16).toString("hex")}.mp3`;
  await ctx.storage.put(storageKey, data, "audio/mpeg");
  const [row] = await ctx.db
    .insert(mp3Tracks)
    .values({
      id: randomUUID(),
      trackName: `Track ${randomBytes(3).toString("hex")}`,
      uploaderId,
      storageKey,
      originalFilename: "track.mp3",
      fileSize: data.length,
      duration: 2,
      bitrate: 128_000,
      ...values,
    })
    .returning();
  if (!row) throw new Error("buildTrack: no row");
  return row;
}
