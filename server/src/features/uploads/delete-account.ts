import { eq } from "drizzle-orm";
import type { AccountDeletionStep } from "../../platform/feature.ts";
import { uploads } from "../../platform/storage/schema.ts";

/**
 * Uploads in an account deletion: every stored file they own (profile and cover pictures, post and
 * chat images) loses its row here; the bytes go once the transaction has committed.
 */
export const uploadsAccountDeletion: AccountDeletionStep = {
  tables: [uploads],
  async inTransaction(_ctx, tx, { userId, files }) {
    const theirUploads = await tx
      .delete(uploads)
      .where(eq(uploads.ownerId, userId))
      .returning({ key: uploads.key });
    files.push(...theirUploads.map((u) => u.key));
  },
};
