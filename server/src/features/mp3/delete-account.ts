import { eq } from "drizzle-orm";
import type { AccountDeletionStep } from "../../platform/feature.ts";
import { mp3TrackDownloads, mp3Tracks } from "./schema.ts";

/**
 * The MP3 library in an account deletion: the member's tracks lose their rows here; their files go
 * once the transaction has committed (as uploads do).
 */
export const mp3AccountDeletion: AccountDeletionStep = {
  // Their download marks go with the row (ON DELETE CASCADE), as do other members' marks of their tracks.
  tables: [mp3Tracks, mp3TrackDownloads],
  async inTransaction(_ctx, tx, { userId, files }) {
    const theirs = await tx
      .delete(mp3Tracks)
      .where(eq(mp3Tracks.uploaderId, userId))
      .returning({ key: mp3Tracks.storageKey });
    files.push(...theirs.map((t) => t.key));
  },
};
