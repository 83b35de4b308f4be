import { type CommentView, findMusicLink, POST_LIMITS, type PostView } from "@airwave/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/index.ts";
import { users } from "../users/schema.ts";
import { type PostRow, visibleRowsByIds } from "./queries.ts";
import { commentLikes, comments, postLikes, postReports } from "./schema.ts";

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

/** Comments of some posts: the newest `perPost` of each (oldest first), with the viewer's likes. */
async function loadComments(db: DbOrTx, viewerId: string, postIds: string[], perPost: number) {
  const byPost = new Map<string, CommentView[]>();
  if (postIds.length === 0) return byPost;
  const ranked = db
    .select({
      id: comments.id,
      rn: sql<number>`row_number() over (partition by ${comments.postId} order by ${comments.createdAt} desc)`.as(
        "rn",
      ),
    })
    .from(comments)
    .where(inArray(comments.postId, postIds))
    .as("ranked");
  const rows = await db
    .select({
      c: comments,
      username: users.username,
      userImage: users.profileimage,
      likedByMe: sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewerId})`,
    })
    .from(ranked)
    .innerJoin(comments, eq(comments.id, ranked.id))
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(sql`${ranked.rn} <= ${perPost}`)
    .orderBy(comments.createdAt);
  for (const r of rows) {
    const list = byPost.get(r.c.postId) ?? [];
    list.push(
      presentComment({ ...r.c, username: r.username, userImage: r.userImage }, !!r.likedByMe),
    );
    byPost.set(r.c.postId, list);
  }
  return byPost;
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

/**
 * Post views for rows the viewer may see, in a fixed number of queries whatever the page size:
 * first likers, the viewer's likes and reports, comment previews and the shared originals.
 */
export async function presentPosts(
  db: DbOrTx,
  viewerId: string,
  rows: PostRow[],
  opts: { commentsPerPost?: number; resolveOriginals?: boolean } = {},
): Promise<PostView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.post.id);
  const perPost = opts.commentsPerPost ?? POST_LIMITS.commentsPreview;

  const rankedLikes = db
    .select({
      postId: postLikes.postId,
      userId: postLikes.userId,
      createdAt: postLikes.createdAt,
      rn: sql<number>`row_number() over (partition by ${postLikes.postId} order by ${postLikes.createdAt})`.as(
        "rn",
      ),
    })
    .from(postLikes)
    .where(inArray(postLikes.postId, ids))
    .as("ranked_likes");

  const originalIds =
    opts.resolveOriginals === false
      ? []
      : [...new Set(rows.map((r) => r.post.originalPostId).filter((x): x is string => !!x))];

  const [likes, mine, reported, commentMap, originalRows] = await Promise.all([
    db
      .select({
        postId: rankedLikes.postId,
        userId: rankedLikes.userId,
        createdAt: rankedLikes.createdAt,
      })
      .from(rankedLikes)
      .where(sql`${rankedLikes.rn} <= ${POST_LIMITS.hoverIdsMax}`),
    db
      .select({ postId: postLikes.postId })
      .from(postLikes)
      .where(and(inArray(postLikes.postId, ids), eq(postLikes.userId, viewerId))),
    db
      .select({ postId: postReports.postId })
      .from(postReports)
      .where(and(inArray(postReports.postId, ids), eq(postReports.reporterId, viewerId))),
    loadComments(db, viewerId, ids, perPost),
    visibleRowsByIds(db, viewerId, originalIds),
  ]);

  const likesByPost = new Map<string, { user: string; date: string }[]>();
  for (const l of likes.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const list = likesByPost.get(l.postId) ?? [];
    list.push({ user: l.userId, date: l.createdAt.toISOString() });
    likesByPost.set(l.postId, list);
  }
  const likedSet = new Set(mine.map((m) => m.postId));
  const reportedSet = new Set(reported.map((m) => m.postId));
  const originals = new Map(
    (
      await presentPosts(db, viewerId, originalRows, {
        commentsPerPost: 0,
        resolveOriginals: false,
      })
    ).map((p) => [p._id, p]),
  );

  return rows.map((r): PostView => {
    const p = r.post;
    return {
      _id: p.id,
      postid: p.id,
      post: p.text,
      image: p.image,
      date: p.createdAt.toISOString(),
      updatedAt: p.updatedAt?.toISOString() ?? null,
      username: r.authorName,
      profileimage: r.authorImage,
      userImage: r.authorImage,
      postOwner: p.authorId,
      userid: p.authorId,
      profileOwner: p.profileOwnerId,
      profileOwnerUsername: r.ownerName,
      type: p.type === "share" ? "share" : "post",
      shareCaption: p.shareCaption,
      originalPost: p.originalPostId,
      originalResolved: p.originalPostId ? (originals.get(p.originalPostId) ?? null) : null,
      likes: likesByPost.get(p.id) ?? [],
      likeCount: p.likeCount,
      likedByMe: likedSet.has(p.id),
      comments: perPost > 0 ? (commentMap.get(p.id) ?? []) : [],
      commentCount: p.commentCount,
      reportedByMe: reportedSet.has(p.id),
      music: p.type === "share" ? null : findMusicLink(p.text),
    };
  });
}
