import { randomUUID } from "node:crypto";
import { type CommentView, POST_MESSAGES } from "@airwave/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import { notify } from "../notifications/service.ts";
import type { UserRow } from "../users/schema.ts";
import { postPolicy } from "./policy.ts";
import { loadComment } from "./present.ts";
import { commentLikes, comments, posts } from "./schema.ts";
import { likersPage, visiblePostRow } from "./service.ts";

type Actor = Pick<UserRow, "id" | "role" | "username">;

async function commentOf(ctx: AppContext, actor: Actor, postId: string, commentId: string) {
  const row = await visiblePostRow(ctx.db, actor, postId);
  const [comment] = await ctx.db
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)));
  if (!comment) throw notFound(POST_MESSAGES.commentNotFound);
  return { row, comment };
}

async function present(ctx: AppContext, actor: Actor, commentId: string): Promise<CommentView> {
  const view = await loadComment(ctx.db, actor.id, commentId);
  if (!view) throw notFound(POST_MESSAGES.commentNotFound);
  return view;
}

/** A comment on a post the actor may see; the post's author is notified. */
export async function addComment(ctx: AppContext, actor: Actor, postId: string, content: string) {
  const row = await visiblePostRow(ctx.db, actor, postId);
  const id = randomUUID();
  await transaction(ctx, async (tx, afterCommit) => {
    await tx
      .insert(comments)
      .values({ id, postId, authorId: actor.id, content, createdAt: new Date() });
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, postId));
    await notify(
      ctx,
      {
        userId: row.post.authorId,
        type: "comment",
        fromId: actor.id,
        postId,
        meta: { postOwnerUsername: row.ownerName, commentAuthorUsername: actor.username },
      },
      { tx, afterCommit },
    );
  });
  return present(ctx, actor, id);
}

export async function updateComment(
  ctx: AppContext,
  actor: Actor,
  postId: string,
  commentId: string,
  content: string,
) {
  const { comment } = await commentOf(ctx, actor, postId, commentId);
  if (!postPolicy.editComment(actor, comment)) throw forbidden(POST_MESSAGES.notAllowedEdit);
  await ctx.db
    .update(comments)
    .set({ content, updatedAt: new Date() })
    .where(eq(comments.id, commentId));
  return present(ctx, actor, commentId);
}

export async function deleteComment(
  ctx: AppContext,
  actor: Actor,
  postId: string,
  commentId: string,
) {
  const { row, comment } = await commentOf(ctx, actor, postId, commentId);
  if (!postPolicy.deleteComment(actor, comment, row.post))
    throw forbidden(POST_MESSAGES.notAllowedDelete);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(comments)
      .where(eq(comments.id, commentId))
      .returning({ id: comments.id });
    if (removed.length > 0) {
      await tx
        .update(posts)
        .set({ commentCount: sql`greatest(${posts.commentCount} - 1, 0)` })
        .where(eq(posts.id, postId));
    }
  });
}

/** Like or unlike a comment, once per member; the comment's author is notified of a like. */
export async function likeComment(
  ctx: AppContext,
  actor: Actor,
  postId: string,
  commentId: string,
  action: "like" | "unlike",
) {
  const { row, comment } = await commentOf(ctx, actor, postId, commentId);
  const likeCount = await transaction(ctx, async (tx, afterCommit) => {
    const changed =
      action === "like"
        ? await tx
            .insert(commentLikes)
            .values({ commentId, userId: actor.id })
            .onConflictDoNothing()
            .returning()
        : await tx
            .delete(commentLikes)
            .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, actor.id)))
            .returning();
    const delta = changed.length === 0 ? 0 : action === "like" ? 1 : -1;
    const [c] = await tx
      .update(comments)
      .set({ likeCount: sql`greatest(${comments.likeCount} + ${delta}, 0)` })
      .where(eq(comments.id, commentId))
      .returning({ likeCount: comments.likeCount });
    if (delta === 1) {
      await notify(
        ctx,
        {
          userId: comment.authorId,
          type: "like-comment",
          fromId: actor.id,
          postId,
          meta: { postOwnerUsername: row.ownerName },
          oncePerDayFor: commentId,
        },
        { tx, afterCommit },
      );
    }
    return c?.likeCount ?? 0;
  });
  return { likeCount, likedByMe: action === "like" };
}

export async function listCommentLikes(
  ctx: AppContext,
  actor: Actor,
  postId: string,
  commentId: string,
  page: number,
  limit: number,
) {
  const { comment } = await commentOf(ctx, actor, postId, commentId);
  const likers = await likersPage(
    ctx.db,
    commentLikes,
    eq(commentLikes.commentId, commentId),
    page,
    limit,
  );
  return { users: likers, total: comment.likeCount, page, limit };
}
