import { and, asc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { inGroups } from "../../platform/db/in-groups.ts";
import type { Tx } from "../../platform/db/index.ts";
import type { AccountDeletionStep } from "../../platform/feature.ts";
import { uploads } from "../../platform/storage/schema.ts";
import { removeNotificationsAboutPosts } from "../notifications/service.ts";
import { commentLikes, comments, postLikes, postReports, posts } from "./schema.ts";
import { firstLikesOf } from "./service.ts";

/**
 * Posts in an account deletion: their posts and every post on their page go with the row (ON DELETE
 * CASCADE), with those posts' comments and likes; their likes, comments and reports elsewhere go
 * here, and the counters of what stays are recomputed once the row is gone.
 */
export const postsAccountDeletion: AccountDeletionStep = {
  tables: [posts, postLikes, comments, commentLikes, postReports],
  async inTransaction(ctx, tx, { userId, files, afterRowDeleted }) {
    // Posts that go: theirs, and everyone's posts on their profile page (others' images are kept
    // in mind: their files go too once no post shows them).
    const goingPosts = or(eq(posts.authorId, userId), eq(posts.profileOwnerId, userId));
    const othersImages = await tx
      .selectDistinct({ authorId: posts.authorId, image: posts.image })
      .from(posts)
      .where(
        and(eq(posts.profileOwnerId, userId), ne(posts.authorId, userId), isNotNull(posts.image)),
      );

    // Their likes, comments and reports, returning where they were: the counters of the posts and
    // comments that stay are recomputed below.
    const likedPosts = await tx
      .delete(postLikes)
      .where(eq(postLikes.userId, userId))
      .returning({ postId: postLikes.postId });
    const reportedPosts = await tx
      .delete(postReports)
      .where(eq(postReports.reporterId, userId))
      .returning({ postId: postReports.postId });
    const likedComments = await tx
      .delete(commentLikes)
      .where(eq(commentLikes.userId, userId))
      .returning({ commentId: commentLikes.commentId });
    const commentedPosts = await tx
      .delete(comments)
      .where(eq(comments.authorId, userId))
      .returning({ postId: comments.postId });

    // Notifications about posts that go (those from or to the member go with their row).
    await removeNotificationsAboutPosts(
      tx,
      tx.select({ id: posts.id }).from(posts).where(goingPosts),
    );

    afterRowDeleted(async () => {
      // Images of other members' posts that were on their page, now that no post shows them.
      for (const post of othersImages) {
        if (!post.image) continue;
        const key = ctx.storage.keyFromUrl(post.image);
        if (!key) continue;
        const [still] = await tx
          .select({ id: posts.id })
          .from(posts)
          .where(eq(posts.image, post.image))
          .limit(1);
        if (still) continue;
        const removed = await tx
          .delete(uploads)
          .where(
            and(
              eq(uploads.key, key),
              eq(uploads.ownerId, post.authorId),
              inArray(uploads.kind, ["post", "temp"]),
            ),
          )
          .returning({ key: uploads.key });
        files.push(...removed.map((u) => u.key));
      }

      await recountPosts(tx, [
        ...new Set([...likedPosts, ...reportedPosts, ...commentedPosts].map((r) => r.postId)),
      ]);
      await recountComments(tx, [...new Set(likedComments.map((r) => r.commentId))]);
    });
  },
};

/**
 * Like, comment and report counts and the kept first likers of posts that stay, recomputed from
 * their rows (the same first-likers rule as posts/service.ts). The rows are locked first, so likes
 * and comments made meanwhile by others are counted once, before or after.
 */
async function recountPosts(tx: Tx, all: string[]) {
  for (const ids of inGroups([...all].sort())) await recountPostGroup(tx, ids);
}

async function recountPostGroup(tx: Tx, ids: string[]) {
  await tx
    .select({ id: posts.id })
    .from(posts)
    .where(inArray(posts.id, ids))
    .orderBy(asc(posts.id))
    .for("update");
  await tx
    .update(posts)
    .set({
      likeCount: sql`(select count(*)::int from post_likes pl where pl.post_id = posts.id)`,
      firstLikes: firstLikesOf(posts.id),
      commentCount: sql`(select count(*)::int from comments c where c.post_id = posts.id)`,
      reportCount: sql`(select count(*)::int from post_reports pr where pr.post_id = posts.id)`,
    })
    .where(inArray(posts.id, ids));
}

async function recountComments(tx: Tx, all: string[]) {
  for (const ids of inGroups([...all].sort())) await recountCommentGroup(tx, ids);
}

async function recountCommentGroup(tx: Tx, ids: string[]) {
  await tx
    .select({ id: comments.id })
    .from(comments)
    .where(inArray(comments.id, ids))
    .orderBy(asc(comments.id))
    .for("update");
  await tx
    .update(comments)
    .set({
      likeCount: sql`(select count(*)::int from comment_likes cl where cl.comment_id = comments.id)`,
    })
    .where(inArray(comments.id, ids));
}
