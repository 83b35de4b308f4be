import type { ReportReason } from "@airwave/contracts";
import { eq, sql } from "drizzle-orm";
import { postReports, posts } from "../../src/features/posts/schema.ts";
import type { DbOrTx } from "../../src/platform/db/index.ts";

/**
 * A report of `postId` by `reporterId`, made `ageMs` ago, counted in the post's reportCount as the
 * report call does (one report per member per post).
 */
export async function buildReport(
  db: DbOrTx,
  postId: string,
  reporterId: string,
  options: { reason?: ReportReason; detail?: string | null; ageMs?: number } = {},
) {
  const { reason = "spam", detail = null, ageMs = 0 } = options;
  const [row] = await db
    .insert(postReports)
    .values({ postId, reporterId, reason, detail, createdAt: new Date(Date.now() - ageMs) })
    .returning();
  if (!row) throw new Error("report insert returned no row");
  await db
    .update(posts)
    .set({ reportCount: sql`${posts.reportCount} + 1` })
    .where(eq(posts.id, postId));
  return row;
}
