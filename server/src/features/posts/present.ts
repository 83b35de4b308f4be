import type { CommentView } from "@airwave/contracts";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/index.ts";
import { users } from "../users/schema.ts";
import { commentLikes, comments } from "./schema.ts";

type CommentRow = typeof comments.$inferSelect & { username: string; userImage: string };

function presentComment(c: CommentRow, likedByMe: boolean): CommentView {
  return {
    _id: c.id,
    commentId: c.id,
    comment: c.content,
    content: c.content,
    username: c.username,
    userImage: c.userImage,
    user: c.authorId,
    date: c.createdAt.toISOString(),
    updatedAt: c.updatedAt?.toISOString() ?? null,
    likeCount: c.likeCount,
    likedByMe,
  };
}

export async function loadComment(
  db: DbOrTx,
  viewerId: string,
  commentId: string,
): Promise<CommentView | null> {
  const [r] = await db
    .select({
      c: comments,
      username: users.username,
      userImage: users.profileimage,
      likedByMe: sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewerId})`,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.id, commentId));
  return r
    ? presentComment({ ...r.c, username: r.username, userImage: r.userImage }, !!r.likedByMe)
    : null;
}
